import { SkipLink } from '@/components/skip-link';
import content from 'virtual:lockstep/content';
import { lazy, Suspense, useEffect } from 'react';
import { keepReadingPosition } from '@/lesson/reading-position';
import { SectionView } from '@/lesson/section-view';
import { TableOfContents } from '@/lesson/table-of-contents';
import { Walkthrough } from '@/walkthrough/walkthrough';
import { realPostgres } from './feature-slots';
import { Notices } from './notices';
import { useShell } from './page-stores';

const RestOfLesson = lazy(() => import('./lesson-with-widgets'));
const Presenter = lazy(() => import('@/presenter/presenter'));
const SpeakerView = lazy(() => import('@/presenter/speaker-view'));
const LabPage = lazy(() => import('@/lab/lab-page'));

/** The site's shell: it shows the page the route names, and is the only part that changes the route. */
export function App() {
  const { route, actions, labProblems } = useShell();
  useEffect(keepReadingPosition, []);
  const present = () => {
    actions.present();
    document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  const exit = () => {
    actions.exitPresentation();
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  };

  if (route.page === 'lab') {
    return (
      <Suspense fallback={<p className="loading">Loading the lock lab…</p>}>
        <LabPage initial={route.lab} initialProblems={labProblems} onChange={actions.setLab} />
      </Suspense>
    );
  }
  if (route.page === 'present' && route.speaker) {
    return (
      <Suspense fallback={<p className="loading">Loading the speaker view…</p>}>
        <SpeakerView />
      </Suspense>
    );
  }
  if (route.page === 'present') {
    return (
      <Suspense fallback={<p className="loading">Loading presenter mode…</p>}>
        <main className="presenting">
          <Notices />
          <Presenter onExit={exit} />
        </main>
      </Suspense>
    );
  }
  return (
    <>
      <SkipLink targetId="walkthrough-controls">Skip to the walkthrough's controls</SkipLink>
      <header className="site-header">
        <p className="brand">Lockstep</p>
        <p className="tagline">Distributed locks, leases and fencing tokens, one step at a time</p>
      </header>
      <main>
        <h1>Distributed locking, step by step</h1>
        <Notices />
        <TableOfContents />
        <SectionView
          section={content.opening}
          widgets={{ walkthrough: <Walkthrough onPresent={present} extras={realPostgres} /> }}
        />
        <Suspense fallback={<p className="loading">Loading the rest of the lesson…</p>}>
          <RestOfLesson />
        </Suspense>
      </main>
    </>
  );
}
