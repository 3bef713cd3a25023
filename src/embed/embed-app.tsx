import content from 'virtual:lockstep/content';
import practice from 'virtual:lockstep/practice';
import { lazy, Suspense, useEffect } from 'react';
import type { LabStepReport } from '@/lab/lab-page';
import Quiz, { QuizQuestionView } from '@/practice/quiz';
import QuizOneAtATime from '@/practice/quiz-one-at-a-time';
import type { QuizQuestion } from '@/content/types';
import { Notices } from '@/app/notices';
import { realPostgres } from '@/app/feature-slots';
import { useShell } from '@/app/page-stores';
import { echo } from '@/content/echo';
import { fillTemplate } from '@/content/fill-template';
import { DEFAULT_LAB_CONFIG, type LabConfig } from '@/settings/lab-config';
import { Walkthrough } from '@/walkthrough/walkthrough';
import { DEFAULT_EMBED_FRAME, EMBED_WIDGETS } from '@/route/route';
import { CompactPlayer, OpenInLockstep } from './compact-player';

// The embedded lab never shows the outcome map (a map embed does, on its own): the lab page alone.
const LabPage = lazy(() => import('@/lab/lab-page'));
const EmbeddedMap = lazy(() => import('@/outcome-map/embedded-map'));

/** One widget without the site around it, chosen by `?widget=`; anything else gets a clear message. */
export function EmbedApp({
  onLabStep,
  onMapDrawn,
}: {
  onLabStep: (report: LabStepReport) => void;
  onMapDrawn: (config: LabConfig) => void;
}) {
  const { route } = useShell();
  const widget = route.page === 'embed' ? route.widget : null;
  const questionId = route.page === 'embed' ? route.questionId : null;
  // The lab and a single question carry their own heading.
  const ownHeading = widget === 'lab' || (widget === 'question' && questionNamed(questionId) !== null);
  return (
    <main className="embed">
      {!ownHeading && (
        <h1 className="visually-hidden">
          {widget === 'quiz' || widget === 'question'
            ? content.controls.embed.quizTitle
            : widget === 'map'
              ? content.controls.embed.mapTitle
              : content.controls.embed.walkthroughTitle}
        </h1>
      )}
      <Notices />
      <EmbeddedWidget widget={widget} questionId={questionId} onLabStep={onLabStep} onMapDrawn={onMapDrawn} />
    </main>
  );
}

function EmbeddedWidget({
  widget,
  questionId,
  onLabStep,
  onMapDrawn,
}: {
  widget: string | null;
  questionId: string | null;
  onLabStep: (report: LabStepReport) => void;
  onMapDrawn: (config: LabConfig) => void;
}) {
  const { route, actions, labProblems } = useShell();
  const frame = route.page === 'embed' ? route.frame : DEFAULT_EMBED_FRAME;
  if (widget === 'walkthrough' || widget === null) {
    if (frame.layout === 'compact') return <CompactPlayer />;
    return (
      <>
        <Walkthrough headingLevel={2} authorTools={frame.tools} {...(frame.tools ? { extras: realPostgres } : {})} />
        <OpenInLockstep />
      </>
    );
  }
  if (widget === 'quiz') {
    if (frame.layout === 'compact') return <QuizOneAtATime authorTools={frame.tools} />;
    return <Quiz headingLevel={2} authorTools={frame.tools} />;
  }
  if (widget === 'lab') {
    return (
      <Suspense fallback={<p className="loading">{content.controls.app.loadingLab}</p>}>
        <LabPage
          embedded
          compact={frame.layout === 'compact'}
          authorTools={frame.tools}
          showPresets={frame.presets}
          initial={route.page === 'embed' ? route.lab : DEFAULT_LAB_CONFIG}
          initialProblems={labProblems}
          onChange={actions.setLab}
          onStep={onLabStep}
        />
      </Suspense>
    );
  }
  if (widget === 'map') {
    return (
      <Suspense fallback={<p className="loading">{content.controls.app.loadingMap}</p>}>
        <EmbeddedMap
          compact={frame.layout === 'compact'}
          authorTools={frame.tools}
          initial={route.page === 'embed' ? route.lab : DEFAULT_LAB_CONFIG}
          problems={labProblems}
          onChange={actions.setLab}
          onDrawn={onMapDrawn}
        />
      </Suspense>
    );
  }
  if (widget === 'question') {
    const question = questionNamed(questionId);
    if (question) return <StandaloneQuestion question={question} />;
    return (
      <Problem>
        {fillTemplate(content.notices.embed.unknownQuestion, {
          id: echo(questionId ?? ''),
          ids: practice.quiz.map((candidate) => candidate.id).join(', '),
        })}
      </Problem>
    );
  }
  return (
    <Problem>
      {fillTemplate(content.notices.embed.unknownWidget, {
        widget: echo(widget),
        widgets: EMBED_WIDGETS.map((known) => `widget=${known}`).join(', '),
      })}
    </Problem>
  );
}

const questionNamed = (id: string | null) => practice.quiz.find((question) => question.id === id) ?? null;

/** One question on its own: titled by its prompt, in the page and in the frame's title, not by its number. */
function StandaloneQuestion({ question }: { question: QuizQuestion }) {
  useEffect(() => {
    document.title = fillTemplate(practice.labels.question.embedTitle, { prompt: question.prompt.replaceAll('`', '') });
  }, [question]);
  return <QuizQuestionView question={question} number={null} />;
}

function Problem({ children }: { children: React.ReactNode }) {
  return (
    <div className="notice" role="alert">
      <p>{children}</p>
    </div>
  );
}
