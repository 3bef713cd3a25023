import practice from 'virtual:lockstep/practice';
import { useState } from 'react';
import { selectCanGoBack, selectCanGoNext, selectCursor } from '@/store/selectors';
import { useWalkthrough, useWalkthroughActions } from '@/store/use-walkthrough';
import { useScreenSync } from './use-screen-sync';

/**
 * What the projected screen shows, as both presenter windows hold it: the step (in the walkthrough's store), then
 * the quiz questions one at a time; blanked or not; and what has been revealed, which belongs to the step or
 * question it was revealed on. Blank, reveal and the question are kept the same in both windows (useScreenSync).
 */
export function useProjectedScreen() {
  const cursor = useWalkthrough(selectCursor);
  const canGoBack = useWalkthrough(selectCanGoBack);
  const canGoNext = useWalkthrough(selectCanGoNext);
  const actions = useWalkthroughActions();
  const [question, setQuestion] = useState<number | null>(null);
  const [revealedOn, setRevealedOn] = useState<string | null>(null);
  const [blank, setBlank] = useState(false);
  useScreenSync({ blank, revealedOn, question }, (change) => {
    if (change.blank !== undefined) setBlank(change.blank);
    if (change.revealedOn !== undefined) setRevealedOn(change.revealedOn);
    if (change.question !== undefined) setQuestion(change.question);
  });
  const shownNow = question === null ? `step ${cursor}` : `question ${question}`;
  return {
    question,
    setQuestion,
    blank,
    setBlank,
    revealed: revealedOn === shownNow,
    reveal: () => setRevealedOn(shownNow),
    /** Past the last step, on to the quiz. */
    forward: () => {
      if (question === null) return canGoNext ? actions.next() : setQuestion(0);
      if (question < practice.quiz.length - 1) setQuestion(question + 1);
    },
    backward: () => {
      if (question === null) return actions.back();
      setQuestion(question === 0 ? null : question - 1);
    },
    atStart: question === null && !canGoBack,
    atEnd: question === practice.quiz.length - 1,
  };
}
