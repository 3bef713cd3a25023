import { z } from 'zod';
import { template, text } from './common.ts';

/** content/ui/presenter.json: Presenter mode's and the speaker view's headings and control labels. */
export const presenterLabelsSchema = z
  .object({
    /** The projected screen: its bar of controls, its regions and the blank screen. */
    presenter: z
      .object({
        title: text,
        controls: text,
        questionOf: template(['question', 'count']),
        speakerView: text,
        blank: text,
        /** Shows the fence exercise on the projected screen in place of the step, and back. */
        exercise: text,
        fullScreen: text,
        exit: text,
        currentStep: text,
        panels: text,
        blanked: text,
        return: text,
      })
      .strict(),
    /** A quiz question on the projected screen, before and after its answer is revealed. */
    question: z
      .object({
        label: text,
        rightAnswer: text,
        orderShown: text,
        answerShown: text,
        reveal: text,
      })
      .strict(),
    /** The room's poll at a prediction point. */
    poll: z
      .object({
        reveal: text,
      })
      .strict(),
    /** The speaker's own window: its controls, timer and section headings. */
    speakerView: z
      .object({
        title: text,
        controls: text,
        timer: text,
        notes: text,
        poll: text,
        onScreen: text,
        comesNext: text,
        blank: text,
        screenNow: template(['step']),
        screenNext: template(['step']),
        answer: template(['answer']),
        revealed: text,
      })
      .strict(),
  })
  .strict();

export type PresenterLabelsContent = z.output<typeof presenterLabelsSchema>;
