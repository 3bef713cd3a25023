import practice from 'virtual:lockstep/practice';
import { useId } from 'react';
import { Prose } from '@/components/prose';
import { fillTemplate } from '@/content/fill-template';
import type { InterviewQuestion } from '@/content/types';
import { useProgress, useProgressActions } from '@/progress/use-progress';
import styles from './practice.module.css';

const LABELS = practice.labels.interview;

/** Open questions: write an answer, then compare it with ours and tick off the points covered. */
export default function Interview() {
  return (
    <div className={styles.interview}>
      <h3>{LABELS.title}</h3>
      <ol className={styles.questions}>
        {practice.interview.map((question, index) => (
          <li key={question.id}>
            <InterviewQuestionView question={question} number={index + 1} />
          </li>
        ))}
      </ol>
    </div>
  );
}

export function InterviewQuestionView({ question, number }: { question: InterviewQuestion; number: number }) {
  const answer = useProgress((state) => state.interview[question.id]);
  const { writeDraft, revealModelAnswer, toggleRubricItem } = useProgressActions();
  const id = useId();
  const ticked = answer?.ticked ?? [];

  return (
    <div className={`${styles.question} ${styles.interviewQuestion}`}>
      <p className={styles.prompt} id={`${id}-prompt`}>
        <span className={styles.number}>{fillTemplate(LABELS.number, { number: String(number) })} </span>
        {question.prompt}
      </p>
      <label className={styles.draftLabel} htmlFor={`${id}-draft`}>
        {fillTemplate(LABELS.draft, { number: String(number) })}
      </label>
      <textarea
        id={`${id}-draft`}
        rows={6}
        value={answer?.draft ?? ''}
        onChange={(event) => writeDraft(question.id, event.target.value)}
        aria-describedby={`${id}-prompt`}
      />
      {/* On paper, what the learner wrote, whole (a box would clip it); nothing, where they wrote nothing. */}
      {answer?.draft?.trim() && (
        <p className={styles.draftOnPaper} aria-hidden="true">
          {answer.draft}
        </p>
      )}
      {answer?.revealed ? (
        <div className={styles.modelAnswer}>
          <h4>{LABELS.ourAnswer}</h4>
          {/* Rendered from content/practice/interview.json at build time. */}
          <Prose html={question.modelAnswerHtml} />
          <fieldset className={styles.rubric}>
            <legend>
              {fillTemplate(LABELS.covered, { ticked: String(ticked.length), count: String(question.rubric.length) })}
            </legend>
            {question.rubric.map((item) => (
              <label key={item.id}>
                <input
                  type="checkbox"
                  checked={ticked.includes(item.id)}
                  onChange={() => toggleRubricItem(question.id, item.id)}
                />
                {item.text}
              </label>
            ))}
          </fieldset>
        </div>
      ) : (
        <button type="button" onClick={() => revealModelAnswer(question.id)}>
          {fillTemplate(LABELS.show, { number: String(number) })}
        </button>
      )}
    </div>
  );
}
