import { z } from 'zod';
import { FIELD_PROBLEM_PLACEHOLDERS, type FieldProblem } from '../../settings/lab-address.ts';
import { template, text } from './common.ts';

/** content/lab/fields.json: what the lab says about a setting it could not use as given. */
export const labFieldsSchema = z
  .object({
    problems: z
      .object(
        Object.fromEntries(
          Object.entries(FIELD_PROBLEM_PLACEHOLDERS).map(([kind, allowed]) => [kind, template(allowed)]),
        ) as Record<FieldProblem['kind'], ReturnType<typeof template>>,
      )
      .strict(),
    units: z.object({ ms: text, '%': text }).strict(),
  })
  .strict();

export type LabFieldsContent = z.output<typeof labFieldsSchema>;
