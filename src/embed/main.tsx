import practice from 'virtual:lockstep/practice';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createPageStores, PageProviders } from '@/app/page-stores';
import { scoreAnswer } from '@/progress/score';
import '@/styles.css';
import { holdPresses } from '@/components/held-presses';
import { connectToHost } from './bridge';
import { EmbedApp } from './embed-app';
import { resolveParentOrigin } from './protocol';

/** Said in the console when the frame is sandboxed without allow-same-origin (its #root already says it). */
const OPAQUE_ORIGIN =
  'Lockstep: this widget is not starting, because its iframe is sandboxed without allow-same-origin. Without it the ' +
  'widget can keep no progress, and the page around it cannot tell its messages apart from any other page’s. ' +
  'Use sandbox="allow-scripts allow-same-origin allow-popups" or no sandbox.';

// Such a frame has an opaque origin. Its scripts load only where the server allows any origin (ACAO: *), and then
// it would run half-connected: no storage, and a host that drops its messages. It keeps embed.html's message instead.
if (self.origin === 'null') console.warn(OPAQUE_ORIGIN);
else start();

function start() {
  const stores = createPageStores();
  const { route } = stores.shellStore.getState();
  const widget = route.page === 'embed' ? route.widget : null;
  const questionId = route.page === 'embed' ? route.questionId : null;
  const quizIds = widget === 'question' && questionId ? [questionId] : practice.quiz.map((question) => question.id);

  /** A compact player's height when the embed code gives none: it fits a course column with room for the caption. */
  const COMPACT_HEIGHT = 640;
  // The walkthrough's player, the lab and the quiz one question at a time are one screen of a fixed height; a map, a
  // single question and the full layouts grow with their content.
  const compact =
    route.page === 'embed' &&
    (widget === 'walkthrough' || widget === 'lab' || widget === 'quiz' || widget === null) &&
    route.frame.layout === 'compact';

  const host = connectToHost({
    ...(compact ? { fixedHeight: route.frame.height ?? COMPACT_HEIGHT } : {}),
    parentOrigin: resolveParentOrigin(route.page === 'embed' ? route.parentOrigin : null, document.referrer),
    ...stores,
    progressStore: stores.progress.then((progress) => progress.store),
    questionIds: widget === 'quiz' || widget === 'question' ? quizIds : [],
    walkthrough: widget === 'walkthrough' || widget === null,
    scoreQuestion: (id, response) => {
      const question = practice.quiz.find((candidate) => candidate.id === id);
      return question ? scoreAnswer(question, response).correct : null;
    },
  });

  const root = document.getElementById('root');
  if (!root) throw new Error('embed.html has no #root element');
  // A press while the prerendered player hydrates acts once its part is live.
  holdPresses(document, () => root).started();
  const page = (
    <StrictMode>
      <PageProviders stores={stores}>
        <EmbedApp onLabStep={host.reportLabStep} onMapDrawn={host.reportMapDrawn} />
      </PageProviders>
    </StrictMode>
  );
  // The build prerenders the compact walkthrough player (scripts/prerender.mjs): that player hydrates it, in slices,
  // and a linked step applies just after. Every other widget, and the full layout, replaces it.
  if (root.hasAttribute('data-prerendered') && compact && widget !== 'lab' && widget !== 'quiz') {
    startTransition(() => {
      hydrateRoot(root, page);
    });
  } else {
    root.replaceChildren();
    root.removeAttribute('data-prerendered');
    createRoot(root).render(page);
  }
}
