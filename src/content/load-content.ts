import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { marked } from 'marked';
import type { z } from 'zod';
import { captionsSchema, describeIssues, scenarioSchema } from './schema.ts';
import type { Content } from './types';

/** Thrown when any content file is broken; its message lists every problem, one per line. */
export class ContentError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Content is invalid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ContentError';
  }
}

/** Reads and validates everything under `content/`. Runs in Node: at build time and in tests, never in the page. */
export function loadContent(contentDir: string): { content: Content; files: string[] } {
  const problems: string[] = [];
  const files: string[] = [];
  const label = (path: string) => `content/${relative(contentDir, path)}`;

  function read<T>(path: string, schema: z.ZodType<T>): T | null {
    files.push(path);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      problems.push(`${label(path)}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      problems.push(...describeIssues(label(path), parsed.error));
      return null;
    }
    return parsed.data;
  }

  function readText(path: string): string {
    files.push(path);
    try {
      return readFileSync(path, 'utf8');
    } catch (error) {
      problems.push(`${label(path)}: ${error instanceof Error ? error.message : String(error)}`);
      return '';
    }
  }

  const scenarioDir = join(contentDir, 'scenarios');
  const scenarios = readdirSync(scenarioDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((name) => {
      const path = join(scenarioDir, name);
      const scenario = read(path, scenarioSchema);
      if (scenario && `${scenario.id}.json` !== name) {
        problems.push(`${label(path)}: id: "${scenario.id}" does not match the file name`);
      }
      return scenario ? [scenario] : [];
    });
  const captions = read(join(contentDir, 'walkthrough', 'captions.json'), captionsSchema);
  const introHtml = marked.parse(readText(join(contentDir, 'walkthrough', 'intro.md')), { async: false });

  if (problems.length > 0 || !captions) throw new ContentError(problems);
  return { content: { scenarios, captions, introHtml }, files };
}
