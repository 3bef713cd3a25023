import { useEffect, useState } from 'react';
import './print.css';
import { flushSync } from 'react-dom';
import { selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';
import { CodeText } from '@/components/code-text';
import { formatTime } from '@/story/format';
import { narrationsFor } from '@/story/timeline-narrations';
import { SequenceDiagramView } from '@/story/sequence-diagram-view';

/**
 * True while the page is being printed. The frames must be in the page before the browser lays it out
 * for print, so `beforeprint` renders them synchronously.
 */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(() => window.matchMedia?.('print').matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.('print');
    const update = (value: boolean) => flushSync(() => setPrinting(value));
    const onChange = (event: MediaQueryListEvent) => update(event.matches);
    const before = () => update(true);
    const after = () => update(false);
    query?.addEventListener('change', onChange);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      query?.removeEventListener('change', onChange);
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}

/** On paper, the walkthrough becomes numbered frames, each with its caption. Nothing is drawn on screen. */
export default function PrintFrames() {
  const printing = usePrinting();
  const timeline = useWalkthrough(selectTimeline);
  if (!printing) return null;
  const narrations = narrationsFor(timeline);
  return (
    <ol className="print-frames" aria-label="The walkthrough, frame by frame">
      {timeline.frames.map((frame) => (
        <li key={frame.index} className="print-frame">
          <p className="print-caption">
            <strong>
              Step {frame.index + 1} of {timeline.frames.length}, {formatTime(frame.at)}, fencing tokens{' '}
              {timeline.settings.fencing ? 'on' : 'off'}.
            </strong>{' '}
            <CodeText text={narrations[frame.index]?.caption ?? ''} />
          </p>
          <SequenceDiagramView timeline={timeline} cursor={frame.index} windowRows={8} scale={1} />
        </li>
      ))}
    </ol>
  );
}
