import content from 'virtual:lockstep/content';
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { selectCursor } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';
import { BarStrip } from '@/views/bar-strip';
import { CertificatesPanel } from '@/views/certificates-panel';
import { LockServicePanel } from '@/views/lock-service-panel';
import { RenewersPanel } from '@/views/renewers-panel';
import { SequenceDiagram } from '@/views/sequence-diagram';
import { StepCaption } from '@/views/step-caption';
import { TableRowNow } from '@/views/table-row-now';
import TimeStrip from '@/views/time-strip';
// Drawn only on paper, but part of the first view: the browser lays out a print at once, with no time to fetch it.
import PrintFrames from './print-frames';
import { StepControls, ViewToggles } from '@/views/timeline-controls';
import { keepFocusClear, stickyBarCover } from '@/components/keep-focus-clear';
import { scrollIntoOwnView } from '@/components/scroll-into-own-view';
import { DisabledUntilHydrated } from '@/components/disabled-until-hydrated';
import { loadWhenNeeded, needLaterParts } from '@/components/load-when-needed';
import { useWalkthroughKeys } from '@/views/use-walkthrough-keys';

// Behind a toggle: loaded when it is turned on.
const CompareView = lazy(() => import('./compare-view'));
const TextVersion = lazy(() => import('./text-version'));
// Not on the first screen at step 1: loaded once the reader first moves, or a link opens a later step.
const BelowStage = lazy(loadWhenNeeded(() => import('./below-stage')));
// Needed from a few steps in, and at the end.
const Predictions = lazy(loadWhenNeeded(() => import('@/views/predictions')));
const EndCard = lazy(loadWhenNeeded(() => import('./end-card')));
const EndCardPointer = lazy(
  loadWhenNeeded(() => import('./end-card').then((module) => ({ default: module.EndCardPointer }))),
);

// The lazy parts as elements made once: when the walkthrough re-renders (its media query settling just after
// hydration, say), a part whose code is still loading keeps its prerendered markup instead of being dropped.
// Each part with controls has its own gate inside its boundary: the bar's gate opens when the bar hydrates, which
// can be before a part's code has arrived.
const predictions = (
  <Suspense fallback={null}>
    <DisabledUntilHydrated>
      <Predictions />
    </DisabledUntilHydrated>
  </Suspense>
);
const endCardPointer = (
  <Suspense fallback={null}>
    <DisabledUntilHydrated>
      <EndCardPointer />
    </DisabledUntilHydrated>
  </Suspense>
);
const endCard = (
  <Suspense fallback={null}>
    <DisabledUntilHydrated>
      <EndCard />
    </DisabledUntilHydrated>
  </Suspense>
);

/** Keeps the bar's height in the walkthrough's `--bar-height`, which the sticky lifeline names sit below. */
function useBarHeightProperty(scope: RefObject<HTMLElement | null>, bar: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const measure = () =>
      scope.current?.style.setProperty('--bar-height', `${Math.floor(element.getBoundingClientRect().height)}px`);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [scope, bar]);
}

/**
 * A step past the first, opened by a link or saved progress, may show a prediction or the end card: their code is
 * needed then. A component of its own, so that crossing step 1 re-renders nothing else.
 */
function LaterPartsPastFirstStep() {
  const pastFirstStep = useWalkthrough((state) => selectCursor(state) > 0);
  useEffect(() => {
    if (pastFirstStep) needLaterParts();
  }, [pastFirstStep]);
  return null;
}

/**
 * `headingLevel` fits the walkthrough's hidden heading into the page around it; `extras` is what the page adds
 * under the toolbar (the app adds real Postgres), so the walkthrough imports no other feature; `notices` are
 * the page's explanations of a corrected link, shown at the walkthrough's top, where a step link opens.
 */
export function Walkthrough({
  headingLevel = 3,
  onPresent,
  extras,
  notices,
  authorTools = true,
}: {
  headingLevel?: 2 | 3;
  onPresent?: () => void;
  extras?: ReactNode;
  notices?: ReactNode;
  /** Copy, download and shortcut settings; an embed hides them unless its code asks (`tools=on`). */
  authorTools?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const scope = useRef<HTMLElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  // The lifeline names stick just below the bar, so they need its height.
  // Set on the element, not rendered: a re-render just after hydration would make React drop the lazy parts'
  // prerendered markup while their code is still loading.
  useBarHeightProperty(scope, bar);
  const textVersion = useWalkthrough((state) => state.textVersion);
  const compare = useWalkthrough((state) => state.compare);
  useWalkthroughKeys(scope);
  // Nothing focused below the sticky bar is left under it, nor under the diagram's lifeline names stuck below it.
  useEffect(
    () =>
      keepFocusClear(document, (focused) =>
        bar.current
          ? stickyBarCover(bar.current, focused, focused.closest('.diagram')?.querySelector('.lane-header'))
          : null,
      ),
    [],
  );
  const belowStage = useMemo(
    () => (
      <Suspense fallback={null}>
        <DisabledUntilHydrated>
          <BelowStage {...(onPresent ? { onPresent } : {})} extras={extras} authorTools={authorTools} />
        </DisabledUntilHydrated>
      </Suspense>
    ),
    [onPresent, extras, authorTools],
  );
  useEffect(() => {
    // A link to a step should show that step, not the top of the lesson; a reload keeps the reading position.
    const params = new URLSearchParams(window.location.search);
    const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (params.has('step') && !window.location.hash && navigation?.type !== 'reload') scrollIntoOwnView(scope.current);
  }, []);

  return (
    <section id="walkthrough" className="walkthrough" aria-labelledby="walkthrough-heading" ref={scope} tabIndex={-1}>
      <Heading id="walkthrough-heading" className="visually-hidden">
        {content.controls.walkthrough.heading}
      </Heading>
      {notices}
      {/* The skip link's target: focus lands here, and the next Tab stop is Back or Next. */}
      <div className="walkthrough-bar" id="walkthrough-controls" tabIndex={-1} ref={bar}>
        <DisabledUntilHydrated>
          {/* One markup for every screen: the stylesheet lays it out (the options wrap under Next on a phone). */}
          <div className="bar-row">
            <StepControls />
            <ViewToggles />
          </div>
          {/* The moment: the caption, and the run to scale beside it from 720 px up (on phones, under the bar). */}
          <div className="bar-moment">
            <StepCaption>{predictions}</StepCaption>
            <BarStrip />
          </div>
          {/* The row the writes hit stays in view with the caption while the reader scrolls the diagram. */}
          <TableRowNow />
          {endCardPointer}
        </DisabledUntilHydrated>
      </div>
      {compare ? (
        <Suspense fallback={<p className="loading">{content.controls.walkthrough.loadingCompare}</p>}>
          <CompareView />
        </Suspense>
      ) : (
        <div className="stage">
          <TimeStrip rowNow={false} drawing="narrow-only" />
          <SequenceDiagram />
          <div className="panels">
            <LockServicePanel />
            <CertificatesPanel />
            <RenewersPanel />
          </div>
        </div>
      )}
      {endCard}
      {/* Outside the toolbar's boundary, so it hydrates with the first view: a print can come before any move. */}
      <PrintFrames />
      {belowStage}
      {textVersion && (
        // The placeholder carries the id the toggle's aria-controls names while the list loads.
        <Suspense fallback={<p id="text-version">{content.controls.walkthrough.loadingTextVersion}</p>}>
          <TextVersion />
        </Suspense>
      )}
      <LaterPartsPastFirstStep />
    </section>
  );
}
