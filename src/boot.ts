// index.html's entry. The prerendered lesson reads, prints and shows its first step without any script; the code that
// makes it move (React and the simulation) is fetched on the reader's first move, unless the page must change as it
// opens (src/app/starts-at-once.ts). Until then the page's controls stay disabled, as they are prerendered.
import './styles.css';
import { startsAtOnce } from '@/app/starts-at-once';
import { firstMove } from '@/components/first-move';
import { PRERENDERED_SCREEN } from '@/components/prerendered-screen';
import { startOffline } from '@/offline/start-offline';
import { progressToRead } from '@/progress/storage-key';

const inLms = import.meta.env.MODE === 'scorm';
// The site works offline after the first visit; a SCORM package lives in its LMS instead.
if (!inLms) startOffline();
const arrival = {
  prerendered: document.getElementById('root')?.hasAttribute('data-prerendered') ?? false,
  search: window.location.search,
  progressToRead: savedProgress(),
  inLms,
  screenAsPrerendered: window.matchMedia(PRERENDERED_SCREEN).matches,
};
const start = () =>
  import('./main').catch((error: unknown) => {
    // The page stays as prerendered: say so where a reader looks, and show the note that says what needs scripts.
    document.documentElement.classList.remove('scripted');
    console.error('Lockstep could not load its code; the lesson can be read, but not stepped through.', error);
  });
// Listening starts now, so a move made while the code is on its way also counts for the parts that wait for one.
const moved = firstMove();
void (startsAtOnce(arrival) ? start() : moved.then(start));

function savedProgress(): boolean {
  try {
    return progressToRead(window.localStorage);
  } catch {
    // Storage that throws when touched: the progress code explains that to the reader, so start it.
    return true;
  }
}
