import content from 'virtual:lockstep/content';
import practice from 'virtual:lockstep/practice';
import { useEffect, useId, useRef } from 'react';
import { CodeText } from '@/components/code-text';
import { CopyButton } from '@/components/copy-button';
import { fillTemplate } from '@/content/fill-template';
import type { QuizLink, QuizQuestion } from '@/content/types';
import { useProgress, useProgressActions } from '@/progress/use-progress';
import { currentOrder, rightAnswerIds, scoreAnswer } from '@/progress/score';
import { iframeSnippet, quizEmbedUrl } from '@/route/share-links';
import { stepHref } from '@/route/route';
import { lessonPage, QuizScore, ShareQuiz } from './quiz-header';
import styles from './practice.module.css';

const LABELS = practice.labels.quiz;
const QUESTION = practice.labels.question;

/** The quiz: every question from content/practice/quiz.json, with a running score and a reset. */
export default function Quiz({
  headingLevel = 3,
  authorTools = true,
}: {
  headingLevel?: 2 | 3;
  authorTools?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const answers = useProgress((state) => state.quiz);
  const { resetQuiz } = useProgressActions();

  return (
    <div className={styles.quiz}>
      <Heading>{LABELS.title}</Heading>
      {authorTools && <ShareQuiz />}
      <QuizScore />
      <ol className={styles.questions}>
        {practice.quiz.map((question, index) => (
          <li key={question.id}>
            <QuizQuestionView question={question} number={index + 1} authorTools={authorTools} />
          </li>
        ))}
      </ol>
      <button type="button" onClick={resetQuiz} disabled={Object.keys(answers).length === 0}>
        {LABELS.again}
      </button>
    </div>
  );
}

/**
 * One question. `number` is its place in the quiz; null where it stands alone (a single-question embed), which is
 * then titled by its prompt, as the page's heading, not by a number it has nowhere else.
 */
export function QuizQuestionView({
  question,
  number,
  authorTools = true,
}: {
  question: QuizQuestion;
  number: number | null;
  authorTools?: boolean;
}) {
  const answer = useProgress((state) => state.quiz[question.id]);
  const { respond, check, retry } = useProgressActions();
  const response = answer?.response ?? [];
  const score = answer?.checked ? scoreAnswer(question, response) : null;
  const name = useId();
  // Check answer disappears once pressed: keep focus on the question rather than drop it to the page.
  const form = useRef<HTMLFormElement>(null);
  const checking = useRef(false);
  useEffect(() => {
    if (score && checking.current) form.current?.focus({ preventScroll: true });
    checking.current = false;
  }, [score]);

  return (
    <form
      ref={form}
      tabIndex={-1}
      className={styles.question}
      aria-labelledby={`${name}-prompt`}
      onSubmit={(event) => {
        event.preventDefault();
        checking.current = true;
        check(question.id, question.kind === 'order' ? currentOrder(question, answer?.response) : response);
      }}
    >
      {number === null ? (
        <h1 id={`${name}-prompt`} className={styles.prompt}>
          <CodeText text={question.prompt} />
        </h1>
      ) : (
        <p id={`${name}-prompt`} className={styles.prompt}>
          <span className={styles.number}>{fillTemplate(QUESTION.number, { number: String(number) })} </span>
          <CodeText text={question.prompt} />
        </p>
      )}
      {question.kind === 'order' ? (
        <OrderItems
          order={currentOrder(question, answer?.response)}
          question={question}
          score={score}
          onChange={(order) => respond(question.id, order)}
        />
      ) : (
        <fieldset disabled={score !== null}>
          <legend className="visually-hidden">
            {question.kind === 'single' ? QUESTION.chooseOne : QUESTION.chooseAll}
          </legend>
          {question.options.map((option) => {
            const chosen = response.includes(option.id);
            const type = question.kind === 'single' ? 'radio' : 'checkbox';
            const judged = score ? judgeOption(rightAnswerIds(question).includes(option.id), chosen) : null;
            return (
              <div
                key={option.id}
                className={[styles.option, judged && styles[judged.judgement]].filter(Boolean).join(' ')}
                data-judgement={judged?.judgement}
              >
                <label>
                  <input
                    type={type}
                    name={name}
                    value={option.id}
                    checked={chosen}
                    onChange={() =>
                      respond(
                        question.id,
                        type === 'radio'
                          ? [option.id]
                          : chosen
                            ? response.filter((id) => id !== option.id)
                            : [...response, option.id],
                      )
                    }
                  />
                  <CodeText text={option.text} />
                </label>
                {judged && (
                  <p className={styles.explanation}>
                    {judged.words && <span className={styles.verdict}>{judged.words} </span>}
                    <CodeText text={option.explanation} />
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
      {score ? (
        <div className={styles.feedback} role="status">
          <p className={score.correct ? styles.resultRight : styles.resultWrong}>
            {score.correct ? QUESTION.correct : QUESTION.notQuite}
          </p>
          <ReadMore question={question} />
          {authorTools && number !== null && (
            <CopyButton
              label={fillTemplate(QUESTION.copyEmbed, { number: String(number) })}
              text={() =>
                iframeSnippet(
                  quizEmbedUrl(lessonPage(), question.id),
                  fillTemplate(QUESTION.embedTitle, { prompt: question.prompt }),
                  480,
                )
              }
              what={content.controls.copy.embedCode}
            />
          )}
          <button type="button" onClick={() => retry(question.id)}>
            {number === null ? QUESTION.retryAlone : fillTemplate(QUESTION.retry, { number: String(number) })}
          </button>
        </div>
      ) : (
        <button type="submit" disabled={question.kind !== 'order' && response.length === 0}>
          {number === null ? QUESTION.checkAlone : fillTemplate(QUESTION.check, { number: String(number) })}
        </button>
      )}
    </form>
  );
}

/** How a checked option is judged; its name is also the option's style in practice.module.css. */
type Judgement = 'pickedRight' | 'pickedWrong' | 'rightAnswer' | 'neutral';

/**
 * How a checked option is shown: the learner's pick is right or wrong; a right answer they did not pick is
 * shown as the right answer; any other option stays neutral. Colour and words always say the same thing.
 */
function judgeOption(right: boolean, chosen: boolean): { judgement: Judgement; words: string } {
  if (chosen)
    return right
      ? { judgement: 'pickedRight', words: QUESTION.pickedRight }
      : { judgement: 'pickedWrong', words: QUESTION.pickedWrong };
  return right ? { judgement: 'rightAnswer', words: QUESTION.rightAnswer } : { judgement: 'neutral', words: '' };
}

function OrderItems({
  order,
  question,
  score,
  onChange,
}: {
  order: readonly string[];
  question: Extract<QuizQuestion, { kind: 'order' }>;
  score: ReturnType<typeof scoreAnswer> | null;
  onChange: (order: string[]) => void;
}) {
  const itemById = new Map(question.items.map((item) => [item.id, item]));
  const move = (index: number, by: -1 | 1) => {
    const next = [...order];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    onChange(next);
  };
  return (
    <>
      <ol className={styles.orderItems}>
        {order.map((id, index) => {
          const item = itemById.get(id);
          if (!item) return null;
          return (
            <li key={id} className={score ? (score.verdicts[id] ? styles.inPlace : styles.outOfPlace) : undefined}>
              <span className="order-text">{item.text}</span>
              {score ? (
                <p className={styles.explanation}>
                  <span className={styles.verdict}>{score.verdicts[id] ? QUESTION.inPlace : QUESTION.outOfPlace} </span>
                  {item.explanation}
                </p>
              ) : (
                <span className={styles.orderButtons}>
                  <button
                    type="button"
                    onClick={() => move(index, -1)}
                    disabled={index === 0}
                    aria-label={fillTemplate(QUESTION.moveUp, { item: item.text })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    onClick={() => move(index, 1)}
                    disabled={index === order.length - 1}
                    aria-label={fillTemplate(QUESTION.moveDown, { item: item.text })}
                  >
                    ↓
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {score && !score.correct && (
        <div className={styles.rightOrder}>
          <p className={styles.verdict}>{QUESTION.rightOrder}</p>
          <ol>
            {question.items.map((item) => (
              <li key={item.id}>{item.text}</li>
            ))}
          </ol>
        </div>
      )}
    </>
  );
}

function ReadMore({ question }: { question: QuizQuestion }) {
  const sectionTitle = (id: string) => practice.sectionTitles[id] ?? id;
  const links: QuizLink[] = [{ section: question.section }, ...(question.link ? [question.link] : [])];
  return (
    <p className={styles.readMore}>
      {links.map((link, index) => {
        if ('section' in link) {
          return (
            <a key={index} href={`#${link.section}`}>
              {fillTemplate(QUESTION.readSection, { title: sectionTitle(link.section) })}
            </a>
          );
        }
        // The page turns step links into moves of the walkthrough (see lesson/step-links.ts).
        const href = stepHref({ cursor: link.step - 1, fencing: link.fencing === 'on' });
        return (
          <a key={index} href={href}>
            {fillTemplate(link.fencing === 'on' ? QUESTION.seeStepFencingOn : QUESTION.seeStepFencingOff, {
              step: String(link.step),
            })}
          </a>
        );
      })}
    </p>
  );
}
