import { fillTemplate } from '@/content/fill-template';
import lab from 'virtual:lockstep/lab';
import { useId, useState } from 'react';
import { CodeText } from '@/components/code-text';
import type { Timeline } from '@/sim/run';
import { formatTime } from '@/story/format';
import { narrationsFor } from '@/story/timeline-narrations';
import { labNarration } from './lab-narration';
import styles from './lab.module.css';
import linkButton from '@/components/link-button.module.css';

/** Every step of the lab's run as a list, as the walkthrough's text version has; each step can be shown. */
export function LabTextVersion({
  timeline,
  step,
  onStep,
}: {
  timeline: Timeline;
  step: number;
  onStep: (step: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const narrations = narrationsFor(timeline, labNarration);
  return (
    <div className={styles.textVersion}>
      <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {lab.labels.textVersion}
      </button>
      {open && (
        <ol id={id} aria-label={fillTemplate(lab.labels.textSteps, { count: String(timeline.frames.length) })}>
          {timeline.frames.map((frame, index) => (
            <li key={frame.index} aria-current={index === step ? 'step' : undefined}>
              <button type="button" className={linkButton.linkButton} onClick={() => onStep(index)}>
                {formatTime(frame.at)}
              </button>{' '}
              <CodeText text={narrations[index]?.caption ?? ''} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
