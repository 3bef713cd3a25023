import lab from 'virtual:lockstep/lab';
import { useId, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { CodeText } from '@/components/code-text';
import { useHydrated } from '@/components/use-hydrated';
import { fillTemplate } from '@/content/fill-template';
import { labPageHref } from '@/route/share-links';
import { useShortcuts } from '@/shortcuts/use-shortcuts';
import { formatTime } from '@/story/format';
import { RenewersPanelView } from '@/story/renewers-panel-view';
import { SequenceDiagramView } from '@/story/sequence-diagram-view';
import { TimeStripView } from '@/story/time-strip-view';
import { narrationsFor } from '@/story/timeline-narrations';
import { presetConfig } from '@/settings/lab-config';
import { labNarration } from './lab-narration';
import { createLabActions, createLabStore, selectLabTimeline } from './lab-store';
import { RunStepper } from './run-stepper';
import { reasonFor, verdictOf } from '@/story/verdict';
import styles from './lab.module.css';
import { verdictClass } from './verdict-style';
import { known } from '@/sim/known';

/**
 * A lab preset run in the lesson, where a section talks about that service: the run to scale and a compact diagram,
 * stepped with the same stepper and keys as the walkthrough, the step's caption, who believes they hold the lock
 * against the truth, the run's verdict, and a link to open it in the lab.
 */
export default function InlineRun({ presetId }: { presetId: string }) {
  const preset = lab.presets.find((candidate) => candidate.id === presetId);
  const [store] = useState(() => createLabStore(presetConfig(preset?.config ?? {})));
  const actions = useMemo(() => createLabActions(store), [store]);
  const config = useStore(store, (state) => state.config);
  const timeline = useStore(store, selectLabTimeline);
  const last = timeline.frames.length - 1;
  const step = Math.min(
    useStore(store, (state) => state.cursor),
    last,
  );
  const region = useRef<HTMLElement>(null);
  const headingId = useId();
  // The prerendered page shows the run's last frame only, styled by the page's own sheet: the stepper, and this
  // feature's stylesheet, come with the code once the reader nears the run.
  const live = useHydrated();
  useShortcuts(
    'reading',
    { back: actions.back, next: actions.next, first: actions.goToFirst, last: actions.goToLast },
    { scope: region },
  );
  if (!preset) return null;
  const narrations = narrationsFor(timeline, labNarration);
  const verdict = verdictOf(timeline);
  /** One frame of the run: its caption (`current`: the one the stepper shows), the diagram up to it and, at the end, the verdict. */
  const frameAt = (at: number, current: boolean) => (
    <>
      <p className={current ? 'caption' : undefined} aria-live={current ? 'polite' : undefined}>
        <span className="caption-time">{formatTime(known(timeline.frames[at]).at)}</span>{' '}
        <span>
          <CodeText text={narrations[at]?.caption ?? ''} />
        </span>
      </p>
      {/* The strip and the panel come with the code: the prerendered page stays within its size budget, and a run
          the reader never neared prints its diagram and verdict. */}
      {live && <TimeStripView timeline={timeline} cursor={at} rowNow={false} />}
      <div className={styles.inlineStage}>
        <SequenceDiagramView
          timeline={timeline}
          cursor={at}
          title={preset.title}
          windowRows={8}
          narration={labNarration}
        />
        {live && <RenewersPanelView frame={known(timeline.frames[at])} timeline={timeline} nested />}
      </div>
      {at === last && (
        <p className={live ? verdictClass(verdict.kind) : undefined}>
          <strong>{fillTemplate(lab.labels.verdict, { verdict: lab.verdicts[verdict.kind] })}</strong>{' '}
          {fillTemplate(lab.reasons[reasonFor(verdict, config)], {
            events: verdict.kind === 'cutOff' ? String(verdict.events) : '',
          })}
        </p>
      )}
    </>
  );

  return (
    <section
      className={live ? `${styles.inlineRun} panel` : 'panel'}
      aria-labelledby={headingId}
      ref={region}
      tabIndex={-1}
    >
      {/* A section (h2) may place a run before its first subsection (h3): h3 keeps the heading order either way. */}
      <h3 id={headingId}>{fillTemplate(lab.labels.tryIt, { preset: preset.title })}</h3>
      {live ? (
        <div className={styles.onScreen} data-testid="run-on-screen">
          <RunStepper
            label={fillTemplate(lab.labels.stepThroughPreset, { preset: preset.title })}
            step={step}
            count={last + 1}
            actions={actions}
          />
          {frameAt(step, true)}
        </div>
      ) : null}
      {/* On paper a run cannot be stepped: it prints its last frame, with its verdict. Always in the markup, so a
          run that was never hydrated (the reader did not scroll to it) still prints its end; before hydration it is
          on screen too, for a reader without JavaScript. The same element throughout, as is the link below: a
          click on it before hydration is replayed on it after. */}
      <div className={live ? styles.onPaper : undefined} data-testid="run-on-paper">
        {frameAt(last, false)}
      </div>
      <p>
        <a href={labPageHref(config)}>{lab.labels.openRun}</a>
      </p>
    </section>
  );
}
