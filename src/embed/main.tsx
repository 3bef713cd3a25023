import practice from 'virtual:lockstep/practice';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createPageStores, PageProviders } from '@/app/page-stores';
import { scoreAnswer } from '@/progress/score';
import '@/styles.css';
import '@/lesson/lesson.css';
import { connectToHost } from './bridge';
import { EmbedApp } from './embed-app';
import { resolveParentOrigin } from './protocol';

const stores = createPageStores();
const { route } = stores.shellStore.getState();
const widget = route.page === 'embed' ? route.widget : null;
const questionId = route.page === 'embed' ? route.questionId : null;
const quizIds = widget === 'question' && questionId ? [questionId] : practice.quiz.map((question) => question.id);

/** A compact player's height when the embed code gives none: it fits a course column with room for the caption. */
const COMPACT_HEIGHT = 640;
const compact =
  route.page === 'embed' && (widget === 'walkthrough' || widget === null) && route.frame.layout === 'compact';

connectToHost({
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
createRoot(root).render(
  <StrictMode>
    <PageProviders stores={stores}>
      <EmbedApp />
    </PageProviders>
  </StrictMode>,
);
