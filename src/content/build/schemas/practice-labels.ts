import { z } from 'zod';
import { template, text } from './common.ts';

/** content/ui/practice.json: The quiz's, the interview's and the answer key's headings and control labels. */
export const practiceLabelsSchema = z
  .object({
    /** The quiz as a whole: its heading, its share tools, its running score and its reset. */
    quiz: z
      .object({
        title: text,
        share: text,
        copyEmbed: text,
        embedTitle: text,
        score: template(['right', 'count']),
        scoreUnanswered: template(['right', 'count', 'unanswered']),
        again: text,
        position: template(['number', 'count']),
        previous: text,
        next: text,
      })
      .strict(),
    /** One quiz question: its choices, its check and retry, how each answer is judged, its reading links. */
    question: z
      .object({
        number: template(['number']),
        chooseOne: text,
        chooseAll: text,
        correct: text,
        notQuite: text,
        copyEmbed: template(['number']),
        embedTitle: template(['prompt']),
        retry: template(['number']),
        retryAlone: text,
        check: template(['number']),
        checkAlone: text,
        pickedRight: text,
        pickedWrong: text,
        rightAnswer: text,
        inPlace: text,
        outOfPlace: text,
        moveUp: template(['item']),
        moveDown: template(['item']),
        rightOrder: text,
        readSection: template(['title']),
        seeStepFencingOn: template(['step']),
        seeStepFencingOff: template(['step']),
      })
      .strict(),
    /** The interview questions: the draft box, our answer and the points it covers. */
    interview: z
      .object({
        title: text,
        number: template(['number']),
        draft: template(['number']),
        ourAnswer: text,
        covered: template(['ticked', 'count']),
        show: template(['number']),
      })
      .strict(),
    /** The printed answer key. */
    answerKey: z
      .object({
        title: text,
      })
      .strict(),
  })
  .strict();

export type PracticeLabelsContent = z.output<typeof practiceLabelsSchema>;
