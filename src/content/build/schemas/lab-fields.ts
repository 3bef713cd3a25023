import { z } from 'zod';
import { FIELD_PROBLEM_PLACEHOLDERS, type FieldProblem } from '../../../settings/lab-address.ts';
import { LAB_FIELDS, type NumericField } from '../../../settings/lab-config.ts';
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
    units: z.object({ ms: text, s: text, '%': text }).strict(),
    /** Each numeric setting's name, as its field and the map's axes show it. */
    labels: z
      .object(
        Object.fromEntries(Object.keys(LAB_FIELDS).map((field) => [field, text])) as Record<NumericField, typeof text>,
      )
      .strict(),
  })
  .strict();

export type LabFieldsContent = z.output<typeof labFieldsSchema>;
