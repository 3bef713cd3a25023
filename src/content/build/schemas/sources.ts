import { z } from 'zod';
import { identifier, text, uniqueIds } from './common.ts';

/** content/sources.json: the source cards every factual sentence cites. */
export const sourcesSchema = z
  .object({
    sources: z
      .array(
        z
          .object({
            id: identifier,
            /** How a citation in the lesson shows it: "Kleppmann 2016", "Redis docs: SET". */
            cite: text,
            /** An account (an incident, an argument, a paper) or a reference (documentation, source code). */
            kind: z.enum(['account', 'reference']),
            author: text,
            year: z.number().int().min(1970).max(2100),
            title: text,
            url: z.url({ protocol: /^https?$/ }),
            summary: text,
            finding: text.optional(),
          })
          .strict(),
      )
      .min(1),
  })
  .strict()
  .superRefine((sources, context) => uniqueIds(sources.sources, context, ['sources']));

export type SourcesContent = z.output<typeof sourcesSchema>;
