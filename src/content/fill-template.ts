/** A template's placeholder: `{name}`. */
export const PLACEHOLDER = /\{(\w+)\}/g;

/** Fills a content template's `{name}` placeholders; the content schema has checked that each can be given. */
export function fillTemplate(template: string, variables: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => variables[name] ?? whole);
}
