import { z } from 'zod';
import { CAPTION_VARIABLES, type CaptionKey } from '../../caption-keys.ts';
import { PLACEHOLDER } from '../../fill-template.ts';

/** Pieces every content file's schema is built from. */

export const milliseconds = z.number().int().min(0);
export const positiveMilliseconds = z.number().int().positive();
export const identifier = z.string().regex(/^[a-z0-9-]+$/, 'lowercase letters, digits and dashes');
export const text = z.string().min(1);

function captionTemplate(key: CaptionKey) {
  return template(CAPTION_VARIABLES[key]);
}

/** A text with `{name}` placeholders, each of which must be one of `allowed`. */
export function template(allowed: readonly string[]) {
  return z
    .string()
    .min(1)
    .superRefine((template, context) => {
      for (const [, name] of template.matchAll(PLACEHOLDER)) {
        if (name && !allowed.includes(name)) {
          context.addIssue({
            code: 'custom',
            message: `unknown placeholder {${name}}; this step offers ${allowed.map((v) => `{${v}}`).join(', ')}`,
          });
        }
      }
    });
}

export function stepTextSchema(key: CaptionKey) {
  return z.object({ label: captionTemplate(key), caption: captionTemplate(key) }).strict();
}

/** Ids in a list must differ; a duplicate is reported at its own index. */
export function uniqueIds(items: readonly { id: string }[], context: z.RefinementCtx, path: (string | number)[]) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id))
      context.addIssue({ code: 'custom', path: [...path, index, 'id'], message: `duplicate id "${item.id}"` });
    seen.add(item.id);
  });
}

/** Turns schema issues into lines that name the file and the field at fault. */
export function describeIssues(file: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.reduce<string>(
      (path, part) => (typeof part === 'number' ? `${path}[${part}]` : path ? `${path}.${String(part)}` : String(part)),
      '',
    );
    return `${file}: ${field || '(top level)'}: ${issue.message}`;
  });
}
