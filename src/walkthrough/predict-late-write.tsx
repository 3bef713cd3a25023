import practice from 'virtual:lockstep/practice';
import { useId } from 'react';
import './prediction.css';
import { useProgress, useProgressActions } from '@/progress/use-progress';
import { selectCursor, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';
import { predictionPoint } from './prediction';

/** Before A's late write, the learner may commit to a guess; the next step says whether it was right. */
export default function PredictLateWrite() {
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  const key = useWalkthrough((state) => `${state.scenarioId}:${state.fencing ? 'on' : 'off'}`);
  const predicted = useProgress((state) => state.predictions[key]);
  const { predict } = useProgressActions();
  const name = useId();
  const point = predictionPoint(timeline);
  const { prediction } = practice;

  if (!point) return null;
  if (cursor === point.askAt) {
    return (
      <fieldset className="prediction">
        <legend>{prediction.prompt}</legend>
        {prediction.options.map((option) => (
          <label key={option.id}>
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={predicted === option.id}
              onChange={() => predict(key, option.id)}
            />
            {option.text}
          </label>
        ))}
      </fieldset>
    );
  }
  if (cursor === point.revealAt && predicted) {
    const right = predicted === point.outcome;
    const guess = prediction.options.find((option) => option.id === predicted)?.text ?? predicted;
    return (
      <p className={`prediction-result ${right ? 'right' : 'wrong'}`}>
        {right ? prediction.reveal.right : prediction.reveal.wrong} You predicted: “{guess}”.
      </p>
    );
  }
  return null;
}
