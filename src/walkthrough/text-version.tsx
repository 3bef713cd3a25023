import { onOff } from './on-off';
import { fillTemplate } from '@/content/fill-template';
import content from 'virtual:lockstep/content';
import { useEffect, useRef } from 'react';
import { CodeText } from '@/components/code-text';
import { scrollIntoOwnView } from '@/components/scroll-into-own-view';
import { serializeRoute } from '@/route/route';
import { selectCursor, selectTimeline } from '@/store/selectors';
import { useWalkthrough, useWalkthroughActions } from '@/store/use-walkthrough';
import { formatTime } from '@/story/format';
import { narrationsFor } from '@/story/timeline-narrations';
import styles from './text-version.module.css';

/** Every step as an ordered list, for screen readers and for reading; each step links to itself. */
export default function TextVersion() {
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  const fencing = useWalkthrough((state) => state.fencing);
  const actions = useWalkthroughActions();
  const narrations = narrationsFor(timeline);
  // Opened from the bar at the top: bring the list, far below, into view.
  const list = useRef<HTMLElement>(null);
  useEffect(() => scrollIntoOwnView(list.current), []);

  return (
    <section
      id="text-version"
      className={`panel ${styles.textVersion}`}
      aria-labelledby="text-version-heading"
      ref={list}
    >
      <h3 id="text-version-heading">
        {fillTemplate(content.controls.walkthrough.textVersionHeading, {
          count: String(timeline.frames.length),
          fencing: onOff(fencing),
        })}
      </h3>
      <ol>
        {timeline.frames.map((frame, index) => (
          <li key={frame.index} aria-current={index === cursor ? 'step' : undefined}>
            <a
              href={serializeRoute({ page: 'lesson', place: { cursor: index, fencing } })}
              onClick={(event) => {
                event.preventDefault();
                actions.goToStep(index);
              }}
            >
              {formatTime(frame.at)}
            </a>{' '}
            {/* A write's outcome carries the diagram's mark in words: ✕ rejected, ⚠ stale write landed. */}
            {frame.happening.kind === 'writeAnswered' && (
              <strong className="outcome-label">{narrations[index]?.label} </strong>
            )}
            <CodeText text={narrations[index]?.caption ?? ''} />
          </li>
        ))}
      </ol>
    </section>
  );
}
