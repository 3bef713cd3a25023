import practice from 'virtual:lockstep/practice';
import { useId } from 'react';
import { fillTemplate } from '@/content/fill-template';
import styles from './prediction.module.css';
import type { PredictionId } from '@/content/types';
import { useProgress, useProgressActions } from '@/progress/use-progress';
import { selectCursor, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';
import { predictionKey, predictionPoints, type PredictionPoint } from './prediction';
import { known } from '@/sim/known';

type Point = {
  readonly prompt: string;
  readonly options: readonly { readonly id: string; readonly text: string }[];
  readonly why: Readonly<Record<string, string>>;
};
const POINTS: Readonly<Record<PredictionId, Point>> = practice.prediction.points;

/**
 * Three times in the walkthrough the learner may commit to a guess before pressing Next; the step that answers it
 * says whether they were right, and why. The end card (end-card.tsx) tallies them.
 */
export default function Predictions() {
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  const scenarioId = useWalkthrough((state) => state.scenarioId);
  const fencing = useWalkthrough((state) => state.fencing);
  const predictions = useProgress((state) => state.predictions);
  const { predict } = useProgressActions();
  const name = useId();
  const points = predictionPoints(timeline);
  const keyOf = (point: PredictionPoint) => predictionKey(scenarioId, fencing, point.id);
  const asking = points.find((point) => point.askAt === cursor);
  const revealing = points.find((point) => point.revealAt === cursor && predictions[keyOf(point)] !== undefined);

  return (
    <>
      {asking && (
        <fieldset className={styles.prediction}>
          <legend>{POINTS[asking.id].prompt}</legend>
          {POINTS[asking.id].options.map((option) => (
            <label key={option.id}>
              <input
                type="radio"
                name={name}
                value={option.id}
                checked={predictions[keyOf(asking)] === option.id}
                onChange={() => predict(keyOf(asking), option.id)}
              />
              {option.text}
            </label>
          ))}
        </fieldset>
      )}
      {revealing && <Reveal point={revealing} guess={known(predictions[keyOf(revealing)])} />}
    </>
  );
}

function Reveal({ point, guess }: { point: PredictionPoint; guess: string }) {
  const content = POINTS[point.id];
  const wasRight = guess === point.outcome;
  const guessed = content.options.find((option) => option.id === guess)?.text ?? guess;
  const { reveal } = practice.prediction;
  // One line, so on a phone the bar keeps room for the moment it describes; the reason opens from it.
  return (
    <div className={`${styles.result} ${wasRight ? styles.right : styles.wrong}`}>
      <p>{fillTemplate(wasRight ? reveal.right : reveal.wrong, { guess: guessed })}</p>
      <details>
        <summary>{reveal.why}</summary>
        <p>{content.why[point.outcome]}</p>
      </details>
    </div>
  );
}
