import practice from 'virtual:lockstep/practice';
import { lazy, Suspense } from 'react';
import Quiz, { QuizQuestionView } from '@/practice/quiz';
import { Notices } from '@/app/notices';
import { realPostgres } from '@/app/feature-slots';
import { useShell } from '@/app/page-stores';
import { DEFAULT_LAB_CONFIG } from '@/settings/lab-config';
import { Walkthrough } from '@/walkthrough/walkthrough';
import { EMBED_WIDGETS, stepHref } from '@/route/route';
import { selectCursor } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';

const LabPage = lazy(() => import('@/lab/lab-page'));

/** One widget without the site around it, chosen by `?widget=`; anything else gets a clear message. */
export function EmbedApp() {
  const { route } = useShell();
  const widget = route.page === 'embed' ? route.widget : null;
  const questionId = route.page === 'embed' ? route.questionId : null;
  return (
    <main className="embed">
      {widget !== 'lab' && (
        <h1 className="visually-hidden">
          {widget === 'quiz' || widget === 'question' ? 'Lockstep quiz' : 'Lockstep walkthrough'}
        </h1>
      )}
      <Notices />
      <EmbeddedWidget widget={widget} questionId={questionId} />
    </main>
  );
}

function EmbeddedWidget({ widget, questionId }: { widget: string | null; questionId: string | null }) {
  const { route, actions, labProblems } = useShell();
  if (widget === 'walkthrough' || widget === null) {
    return (
      <>
        <Walkthrough headingLevel={2} extras={realPostgres} />
        <OpenInLockstep />
      </>
    );
  }
  if (widget === 'quiz') return <Quiz headingLevel={2} />;
  if (widget === 'lab') {
    return (
      <Suspense fallback={<p className="loading">Loading the lock lab…</p>}>
        <LabPage
          embedded
          initial={route.page === 'embed' ? route.lab : DEFAULT_LAB_CONFIG}
          initialProblems={labProblems}
          onChange={actions.setLab}
        />
      </Suspense>
    );
  }
  if (widget === 'question') {
    const index = practice.quiz.findIndex((question) => question.id === questionId);
    const question = practice.quiz[index];
    if (question) return <QuizQuestionView question={question} number={index + 1} />;
    return (
      <Problem>
        There is no quiz question with the id “{questionId ?? ''}”. Known ids:{' '}
        {practice.quiz.map((candidate) => candidate.id).join(', ')}.
      </Problem>
    );
  }
  return (
    <Problem>
      Lockstep has no widget called “{widget}”. Use widget={EMBED_WIDGETS.join(', widget=')} (with id= for a question).
    </Problem>
  );
}

function Problem({ children }: { children: React.ReactNode }) {
  return (
    <div className="notice" role="alert">
      <p>{children}</p>
    </div>
  );
}

/** A way out of the frame to the whole lesson, at the same step. */
function OpenInLockstep() {
  const cursor = useWalkthrough(selectCursor);
  const fencing = useWalkthrough((state) => state.fencing);
  return (
    <p className="open-full">
      <a href={`./${stepHref({ cursor, fencing })}`} target="_blank" rel="noopener">
        Open the whole lesson in Lockstep
      </a>
    </p>
  );
}
