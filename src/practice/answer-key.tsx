import practice from 'virtual:lockstep/practice';
import { CodeText } from '@/components/code-text';
import { rightAnswerIds } from '@/progress/score';
import { joinAnswers } from './answer-text';
import styles from './answer-key.module.css';

/**
 * On paper only (its stylesheet hides it on screen), the last thing in the handout, on a page of its own: the
 * quiz's right answers. Always in the markup, so a page printed before its lesson has hydrated still ends with it.
 */
export default function AnswerKey() {
  return (
    <section className={styles.answerKey} aria-label={practice.labels.answerKey.title}>
      <h2>{practice.labels.answerKey.title}</h2>
      <ol>
        {practice.quiz.map((question) => (
          <li key={question.id}>
            <CodeText text={question.prompt} />{' '}
            <strong>
              {question.kind === 'order'
                ? question.items.map((item) => item.text).join(' → ')
                : joinAnswers(
                    question.options
                      .filter((option) => rightAnswerIds(question).includes(option.id))
                      .map((option) => option.text),
                  )}
            </strong>
          </li>
        ))}
      </ol>
    </section>
  );
}
