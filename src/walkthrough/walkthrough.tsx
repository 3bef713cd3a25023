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

/**
 * Keeps the heights of what sticks at the walkthrough's top in its custom properties: `--bar-height`, all that
 * stays put while the page scrolls (the bar, and the moment under it where the stylesheet makes it sticky too),
 * which the lifeline names sit below and scroll margins leave room for; and `--top-height`, the bar and the moment
 * together, which a phone's diagram box leaves the rest of the screen to.
 */
function useStickyHeights(
  scope: RefObject<HTMLElement | null>,
  bar: RefObject<HTMLElement | null>,
  moment: RefObject<HTMLElement | null>,
  compare: boolean,
) {
  useLayoutEffect(() => {
    const barElement = bar.current;
    const momentElement = moment.current;
    if (!barElement || !momentElement) return;
    const measure = () => {
      const barHeight = barElement.getBoundingClientRect().height;
      const momentHeight = momentElement.getBoundingClientRect().height;
      const momentSticks = getComputedStyle(momentElement).position === 'sticky';
      const style = scope.current?.style;
      style?.setProperty('--bar-height', `${Math.floor(barHeight + (momentSticks ? momentHeight : 0))}px`);
      style?.setProperty('--bar-own-height', `${Math.floor(barHeight)}px`);
      style?.setProperty('--top-height', `${Math.ceil(barHeight + momentHeight)}px`);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(barElement);
    observer.observe(momentElement);
    return () => observer.disconnect();
    // Compare changes whether the moment sticks (see styles.css), not its size: measure again then too.
  }, [scope, bar, moment, compare]);
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
  const moment = useRef<HTMLDivElement>(null);
  // The lifeline names stick just below what sticks at the top, so they need its height.
  // Set on the element, not rendered: a re-render just after hydration would make React drop the lazy parts'
  // prerendered markup while their code is still loading.
  const textVersion = useWalkthrough((state) => state.textVersion);
  const compare = useWalkthrough((state) => state.compare);
  useStickyHeights(scope, bar, moment, compare);
  useWalkthroughKeys(scope);
  // Nothing focused below the sticky bar is left under it, nor under the diagram's lifeline names stuck below it.
  useEffect(
    () =>
      keepFocusClear(document, (focused) =>
        bar.current
          ? stickyBarCover(bar.current, focused, [
              moment.current,
              focused.closest('.diagram')?.querySelector('.lane-header'),
            ])
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
    <section
      id="walkthrough"
      className="walkthrough"
      aria-labelledby="walkthrough-heading"
      ref={scope}
      tabIndex={-1}
      {...(compare && { 'data-compare': '' })}
    >
      <Heading id="walkthrough-heading" className="visually-hidden">
        {content.controls.walkthrough.heading}
      </Heading>
      {notices}
      {/* The skip link's target: focus lands here, and the next Tab stop is Back or Next. */}
      {/* The bar stays put on every screen: the step controls and the run to scale (the stylesheet lays them out). */}
      <div className="walkthrough-bar" id="walkthrough-controls" tabIndex={-1} ref={bar}>
        <DisabledUntilHydrated>
          <div className="bar-row">
            <StepControls />
            <ViewToggles />
          </div>
          <BarStrip />
        </DisabledUntilHydrated>
      </div>
      {/* The moment: the caption with its prediction, and the row the writes hit. It stays under the bar from 720 px
          up; on a phone it scrolls, and stepping never moves the page there (the diagram scrolls in its own box). */}
      <div className="walkthrough-moment" ref={moment}>
        <StepCaption>{predictions}</StepCaption>
        <TableRowNow />
        {endCardPointer}
      </div>
      {compare ? (
        <Suspense fallback={<p className="loading">{content.controls.walkthrough.loadingCompare}</p>}>
          <CompareView />
        </Suspense>
      ) : (
        <div className="stage">
          <TimeStrip rowNow={false} drawing={false} />
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
