import content from 'virtual:lockstep/content';
import practice from 'virtual:lockstep/practice';
import { CopyButton } from '@/components/copy-button';
import { Toolbar } from '@/components/toolbar';
import { fillTemplate } from '@/content/fill-template';
import { useProgress } from '@/progress/use-progress';
import { scoreAnswer } from '@/progress/score';
import { iframeSnippet, quizEmbedUrl } from '@/route/share-links';
import styles from './practice.module.css';
import { known } from '@/sim/known';

const LABELS = practice.labels.quiz;

/** The lesson's address, read when a link is copied: the quiz is prerendered, where there is no address. */
export const lessonPage = () => new URL('./', window.location.href).toString();

/** The quiz one question at a time is one screen of 640 px (src/embed/main.tsx): its embed code asks for that. */
const QUIZ_EMBED_HEIGHT = 640;

/** Copy the quiz's embed code: for course authors, so an embed shows it only with `tools=on`. */
export function ShareQuiz() {
  return (
    <Toolbar label={LABELS.share}>
      <CopyButton
        label={LABELS.copyEmbed}
        text={() => iframeSnippet(quizEmbedUrl(lessonPage()), LABELS.embedTitle, QUIZ_EMBED_HEIGHT)}
        what={content.controls.copy.embedCode}
      />
    </Toolbar>
  );
}

/** The running score. */
export function QuizScore() {
  const answers = useProgress((state) => state.quiz);
  const checked = practice.quiz.filter((question) => answers[question.id]?.checked);
  const right = checked.filter((question) => scoreAnswer(question, known(answers[question.id]).response).correct);
  // On paper only once something is checked: a handout does not say "0 right" of a quiz nobody took.
  return (
    <div className={styles.score} role="status" data-checked={checked.length}>
      {checked.length < practice.quiz.length
        ? fillTemplate(LABELS.scoreUnanswered, {
            right: String(right.length),
            count: String(practice.quiz.length),
            unanswered: String(practice.quiz.length - checked.length),
          })
        : fillTemplate(LABELS.score, { right: String(right.length), count: String(practice.quiz.length) })}
    </div>
  );
}
