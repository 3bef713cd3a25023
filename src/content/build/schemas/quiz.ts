import { z } from 'zod';
import { identifier, text, uniqueIds } from './common.ts';

/** Where a quiz answer sends the learner to read more: a lesson section, or a walkthrough step. */
const quizLinkSchema = z.union([
  z.object({ section: identifier }).strict(),
  z.object({ step: z.number().int().min(1), fencing: z.enum(['on', 'off']) }).strict(),
]);

const optionSchema = z.object({ id: identifier, text, explanation: text }).strict();

const choiceBase = { id: identifier, section: identifier, link: quizLinkSchema.optional(), prompt: text };

const singleChoiceSchema = z
  .object({ ...choiceBase, kind: z.literal('single'), options: z.array(optionSchema).min(2), answer: identifier })
  .strict()
  .superRefine((question, context) => {
    uniqueIds(question.options, context, ['options']);
    if (!question.options.some((option) => option.id === question.answer)) {
      context.addIssue({
        code: 'custom',
        path: ['answer'],
        message: `"${question.answer}" is not one of the option ids`,
      });
    }
  });

const multipleChoiceSchema = z
  .object({
    ...choiceBase,
    kind: z.literal('multiple'),
    options: z.array(optionSchema).min(2),
    answers: z.array(identifier).min(1),
  })
  .strict()
  .superRefine((question, context) => {
    uniqueIds(question.options, context, ['options']);
    question.answers.forEach((answer, index) => {
      if (!question.options.some((option) => option.id === answer)) {
        context.addIssue({
          code: 'custom',
          path: ['answers', index],
          message: `"${answer}" is not one of the option ids`,
        });
      }
    });
  });

const orderSchema = z
  .object({
    ...choiceBase,
    kind: z.literal('order'),
    /** In the right order; `startOrder` is how they are first shown. */
    items: z.array(optionSchema).min(3),
    startOrder: z.array(identifier),
  })
  .strict()
  .superRefine((question, context) => {
    uniqueIds(question.items, context, ['items']);
    const ids = question.items.map((item) => item.id);
    const sorted = (list: readonly string[]) => [...list].sort().join(',');
    if (sorted(question.startOrder) !== sorted(ids)) {
      context.addIssue({ code: 'custom', path: ['startOrder'], message: 'must list every item id exactly once' });
    } else if (question.startOrder.join(',') === ids.join(',')) {
      context.addIssue({ code: 'custom', path: ['startOrder'], message: 'must not already be the right order' });
    }
  });

export const quizQuestionSchema = z.discriminatedUnion('kind', [singleChoiceSchema, multipleChoiceSchema, orderSchema]);

export const quizSchema = z
  .object({ questions: z.array(quizQuestionSchema).min(1) })
  .strict()
  .superRefine((quiz, context) => uniqueIds(quiz.questions, context, ['questions']));

export type QuizQuestion = z.output<typeof quizQuestionSchema>;
export type QuizLink = z.output<typeof quizLinkSchema>;
