import { z } from 'zod';
import { identifier, text, uniqueIds } from './common.ts';

/** content/practice/interview.json: interview questions, each with a model answer and a rubric. */
export const interviewSchema = z
  .object({
    questions: z
      .array(
        z
          .object({
            id: identifier,
            prompt: text,
            modelAnswer: text,
            rubric: z.array(z.object({ id: identifier, text }).strict()).min(2),
          })
          .strict()
          .superRefine((question, context) => uniqueIds(question.rubric, context, ['rubric'])),
      )
      .min(1),
  })
  .strict()
  .superRefine((interview, context) => uniqueIds(interview.questions, context, ['questions']));

export type InterviewContent = z.output<typeof interviewSchema>;
