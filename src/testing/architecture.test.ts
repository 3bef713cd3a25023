import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The lint rules that keep the layers apart, tried on code that breaks them. */
const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../..') });

async function problemsOf(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(import.meta.dirname, '../..', path) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('import layers (eslint.config.js)', () => {
  it.each([
    [
      'src/sim/x.ts',
      "import { selectFrame } from '@/store/selectors';\nexport const x = selectFrame;\n",
      'src/sim may import only from itself',
    ],
    [
      'src/content/x.ts',
      "import { narrate } from '@/story/narrate';\nexport const x = narrate;\n",
      'src/content may import only',
    ],
    [
      'src/story/x.ts',
      "import { selectFrame } from '@/store/selectors';\nexport const x = selectFrame;\n",
      'src/story may import only',
    ],
    [
      'src/lab/x.ts',
      "import { Walkthrough } from '@/walkthrough/walkthrough';\nexport const x = Walkthrough;\n",
      'src/lab may import only',
    ],
    [
      'src/route/x.ts',
      "import { selectFrame } from '@/store/selectors';\nexport const x = selectFrame;\n",
      'src/route may import only',
    ],
    [
      'src/shortcuts/x.ts',
      "import { Walkthrough } from '@/walkthrough/walkthrough';\nexport const x = Walkthrough;\n",
      'src/shortcuts may import only',
    ],
    ['src/lab/x.ts', "import { App } from '@/app/app';\nexport const x = App;\n", 'src/lab may import only'],
    [
      'src/walkthrough/x.ts',
      "import { App } from '@/app/app';\nexport const x = App;\n",
      'src/walkthrough may import only',
    ],
  ])('%s cannot import from a layer above it', async (path, code, message) => {
    expect(await problemsOf(path, code)).toContainEqual(expect.stringContaining(message));
  });

  it('allows an import from a layer below', async () => {
    const problems = await problemsOf(
      'src/lab/x.ts',
      "import { narrate } from '@/story/narrate';\nexport const x = narrate;\n",
    );
    expect(problems.filter((problem) => problem.startsWith('import-x/'))).toEqual([]);
  });
});
