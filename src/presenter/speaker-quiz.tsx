import presenter from 'virtual:lockstep/presenter';
import practice from 'virtual:lockstep/practice';
import { CodeText } from '@/components/code-text';
import { fillTemplate } from '@/content/fill-template';
import type { QuizQuestion } from '@/content/types';
import { rightAnswerIds } from '@/progress/score';
import { known } from '@/sim/known';

const LABELS = presenter.labels.speakerView;

/** A question's right answer, as the projected screen reveals it: the options to pick, or the items in order. */
const answerOf = (question: QuizQuestion) =>
  question.kind === 'order'
    ? question.items.map((item) => item.text).join(' → ')
    : question.options
        .filter((option) => rightAnswerIds(question).includes(option.id))
        .map((option) => option.text)
        .join('; ');

/** A quiz question the projected screen shows (or shows next), with the answer to reveal and its Reveal button. */
export function SpeakerQuestion({
  index,
  revealed,
  onReveal,
}: {
  index: number;
  /** Null for the question to come: it has nothing to reveal yet. */
  revealed: boolean | null;
  onReveal: () => void;
}) {
  const question = known(practice.quiz[index]);
  return (
    <>
      <p>
        <strong>
          {fillTemplate(presenter.labels.presenter.questionOf, {
            question: String(index + 1),
            count: String(practice.quiz.length),
          })}
        </strong>{' '}
        <CodeText text={question.prompt} />
      </p>
      {revealed !== null && (
        <>
          <p>
            <CodeText text={fillTemplate(LABELS.answer, { answer: answerOf(question) })} />
          </p>
          {revealed ? (
            <p role="status">{LABELS.revealed}</p>
          ) : (
            <button type="button" onClick={onReveal}>
              {presenter.labels.question.reveal}
            </button>
          )}
        </>
      )}
    </>
  );
}
