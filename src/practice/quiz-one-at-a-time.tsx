import practice from 'virtual:lockstep/practice';
import { useRef, useState } from 'react';
import { fillTemplate } from '@/content/fill-template';
import { useProgress, useProgressActions } from '@/progress/use-progress';
import { QuizQuestionView } from './quiz';
import { QuizScore, ShareQuiz } from './quiz-header';
import screen from '@/components/embed-screen.module.css';
import styles from './practice.module.css';
import { known } from '@/sim/known';

const LABELS = practice.labels.quiz;

/**
 * The quiz as a course column's embed shows it: one screen of the frame's height, with the place in the quiz and
 * the running score above one question, which scrolls within itself when its explanations are long, and Previous
 * and Next below. It opens on the first question not yet checked, so a learner who comes back goes on where they
 * stopped.
 */
export default function QuizOneAtATime({ authorTools }: { authorTools: boolean }) {
  const answers = useProgress((state) => state.quiz);
  const { resetQuiz } = useProgressActions();
  const count = practice.quiz.length;
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      practice.quiz.findIndex((question) => !answers[question.id]?.checked),
    ),
  );
  const question = known(practice.quiz[index]);
  const place = useRef<HTMLParagraphElement>(null);
  // The question's own form takes focus inside QuizQuestionView; a move takes it to the new place in the quiz, so a
  // screen reader hears which question this is. Inside a frame, focus never scrolls the course page.
  const go = (to: number) => {
    setIndex(to);
    requestAnimationFrame(() => place.current?.focus({ preventScroll: true }));
  };

  return (
    <div className={`${styles.quiz} ${styles.oneAtATime} ${screen.screen}`}>
      <h2>{LABELS.title}</h2>
      {authorTools && <ShareQuiz />}
      <div className={styles.place}>
        <p ref={place} tabIndex={-1}>
          {fillTemplate(LABELS.position, { number: String(index + 1), count: String(count) })}
        </p>
        <progress max={count} value={index + 1} aria-hidden="true" />
      </div>
      <QuizScore />
      {/* Keyed by the question, so the next one starts at its top. */}
      <div key={question.id} className={styles.questionBox}>
        <QuizQuestionView question={question} number={index + 1} authorTools={authorTools} />
      </div>
      <div className={styles.moves} role="group" aria-label={LABELS.title}>
        <button type="button" onClick={() => go(index - 1)} disabled={index === 0}>
          <span aria-hidden="true">← </span>
          {LABELS.previous}
        </button>
        <button type="button" onClick={() => go(index + 1)} disabled={index === count - 1}>
          {LABELS.next}
          <span aria-hidden="true"> →</span>
        </button>
        <button
          type="button"
          onClick={() => {
            resetQuiz();
            go(0);
          }}
          disabled={Object.keys(answers).length === 0}
        >
          {LABELS.again}
        </button>
      </div>
    </div>
  );
}
