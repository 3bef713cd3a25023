import { useEffect, useState } from 'react';
import styles from './print.module.css';
import { flushSync } from 'react-dom';
import practice from 'virtual:lockstep/practice';
import { rightAnswerIds } from '@/progress/score';
import { joinAnswers } from './answer-text';
import { selectTimeline, timelineFor } from '@/store/selectors';
import { predictionPoints } from '@/views/prediction';
import { useWalkthrough } from '@/store/use-walkthrough';
import { CodeText } from '@/components/code-text';
import { formatTime } from '@/story/format';
import { narrationsFor } from '@/story/timeline-narrations';
import { SequenceDiagramView } from '@/story/sequence-diagram-view';

/**
 * True while the page is being printed. The frames must be in the page before the browser lays it out
 * for print, so `beforeprint` renders them synchronously.
 */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(() => window.matchMedia?.('print').matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.('print');
    const update = (value: boolean) => flushSync(() => setPrinting(value));
    const onChange = (event: MediaQueryListEvent) => update(event.matches);
    const before = () => update(true);
    const after = () => update(false);
    query?.addEventListener('change', onChange);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      query?.removeEventListener('change', onChange);
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}

/**
 * On paper, the walkthrough becomes numbered frames, each with its caption; then how the other fencing mode ends,
 * and an answer key for the quiz on a page of its own. Nothing is drawn on screen.
 */
export default function PrintFrames() {
  const printing = usePrinting();
  const timeline = useWalkthrough(selectTimeline);
  const scenarioId = useWalkthrough((state) => state.scenarioId);
  if (!printing) return null;
  const narrations = narrationsFor(timeline);
  const other = timelineFor(scenarioId, !timeline.settings.fencing);
  const otherNarrations = narrationsFor(other);
  // The other ending from the late write on: the steps where the two modes part.
  const parting = predictionPoints(other).find((point) => point.id === 'lateWrite')?.askAt ?? other.frames.length - 4;
  return (
    <>
      <ol className={styles.printFrames} aria-label="The walkthrough, frame by frame">
        {timeline.frames.map((frame) => (
          <li key={frame.index} className={styles.printFrame}>
            <p className={styles.printCaption}>
              <strong>
                Step {frame.index + 1} of {timeline.frames.length}, {formatTime(frame.at)}, fencing tokens{' '}
                {timeline.settings.fencing ? 'on' : 'off'}.
              </strong>{' '}
              <CodeText text={narrations[frame.index]?.caption ?? ''} />
            </p>
            <SequenceDiagramView timeline={timeline} cursor={frame.index} windowRows={8} scale={1} />
          </li>
        ))}
      </ol>
      <section className={`${styles.printFrames} ${styles.printOtherEnding}`} aria-label="The other ending">
        <h3>With fencing tokens {other.settings.fencing ? 'on' : 'off'}, the same evening ends like this</h3>
        <ol start={parting + 2}>
          {other.frames.slice(parting + 1).map((frame) => (
            <li key={frame.index}>
              <strong>{formatTime(frame.at)}.</strong> <CodeText text={otherNarrations[frame.index]?.caption ?? ''} />
            </li>
          ))}
        </ol>
        <SequenceDiagramView timeline={other} cursor={other.frames.length - 1} windowRows={8} scale={1} />
      </section>
      <section className={`${styles.printFrames} ${styles.printAnswerKey}`} aria-label="Answer key">
        <h3>Answer key</h3>
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
    </>
  );
}
