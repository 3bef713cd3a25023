import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { allowedImports, ENTRY_POINTS, FEATURES, folderPath, SHARED, TOOLS } from '../../architecture.js';

/*
 * The map in architecture.js, arrow by arrow: from a file in each folder, an import of every other folder is
 * linted, and exactly the imports the map forbids are refused.
 */
const root = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
const folders = [...SHARED, ...FEATURES, ...ENTRY_POINTS, ...TOOLS];
const allowed = allowedImports();

/** A real module of each folder (imports must resolve to be judged); a tool outside src/ by its path from the root. */
const moduleOf = (folder: string) => {
  const file = readdirSync(resolve(root, folderPath(folder))).find(
    (name) => /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) && !name.includes('worker'),
  );
  if (!file) throw new Error(`${folderPath(folder)} has no module to import`);
  const module = `${folderPath(folder)}/${file.replace(/\.tsx?$/, '')}`;
  return TOOLS.includes(folder) ? resolve(root, module) : module.replace(/^src\//, '@/');
};

async function refusedImports(from: string): Promise<string[]> {
  const others = folders.filter((folder) => folder !== from);
  const code = others.map((folder, index) => `import * as m${index} from '${moduleOf(folder)}';`).join('\n');
  const [result] = await eslint.lintText(`${code}\nexport const all = [${others.map((_, i) => `m${i}`)}];\n`, {
    filePath: resolve(root, folderPath(from), 'architecture-probe.ts'),
  });
  const refused = (result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-restricted-paths');
  return refused.map((message) => others[message.line - 1]!).sort();
}

describe('the map of the house (architecture.js), as lint enforces it', () => {
  it('lists every folder of src/ once, and keeps the Node-only tools out of it, in tools/', () => {
    const onDisk = readdirSync(resolve(root, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'testing')
      .map((entry) => entry.name);
    expect([...SHARED, ...FEATURES, ...ENTRY_POINTS].sort()).toEqual(onDisk.sort());
    expect(readdirSync(resolve(root, 'tools')).sort()).toEqual([...TOOLS].sort());
  });

  it('has the shape of the map: features never import each other, shared layers never import a feature', () => {
    for (const feature of FEATURES) expect(allowed[feature]!.filter((folder) => FEATURES.includes(folder))).toEqual([]);
    for (const layer of SHARED) expect(allowed[layer]!.filter((folder) => !SHARED.includes(folder))).toEqual([]);
    expect(allowed.sim).toEqual([]);
    // Each shared layer names only layers below it; the story's views and the components take props, not the store.
    for (const [index, layer] of SHARED.entries()) {
      expect(allowed[layer]!.filter((target) => SHARED.indexOf(target) >= index)).toEqual([]);
    }
    expect(allowed.story).not.toContain('store');
    expect(allowed.components).not.toContain('store');
  });

  // One lint run per folder; ESLint with the TypeScript resolver is slow to start on a busy machine.
  it.each(folders.map(folderPath))('%s may import exactly what the map allows', { timeout: 60_000 }, async (path) => {
    const folder = path.replace(/^(src|tools)\//, '');
    const forbidden = folders.filter((other) => other !== folder && !allowed[folder]!.includes(other)).sort();
    expect(await refusedImports(folder)).toEqual(forbidden);
  });
});

describe('rules that come with the map', () => {
  const problemsOf = async (path: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: resolve(root, path) });
    return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
  };

  it.each(['src/sim/x.ts', 'src/settings/x.ts', 'src/content/x.ts'])(
    '%s, loaded by Node through vite.config.ts, imports with relative paths only',
    { timeout: 60_000 },
    async (path) => {
      const problems = await problemsOf(
        path,
        "import { LOCK_SERVICE } from '@/sim/types';\nexport const x = LOCK_SERVICE;\n",
      );
      expect(problems).toContainEqual(expect.stringContaining('before the @ alias exists'));
    },
  );

  it('keeps the simulation away from Node and the wall clock', { timeout: 60_000 }, async () => {
    const problems = await problemsOf('src/sim/x.ts', 'export const x = [process.env, Date.now()];\n');
    expect(problems).toContainEqual(expect.stringContaining("Unexpected use of 'process'"));
    expect(problems).toContainEqual(expect.stringContaining('Use the virtual clock.'));
  });
});

describe('rooms of a readable size', () => {
  it('has no source file over 300 lines (tests and benchmarks aside)', () => {
    const tooLong = readdirSync(resolve(root, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name) && !/\.(test|bench|d)\.tsx?$/.test(name))
      .map((name) => ({ name, lines: readFileSync(resolve(root, 'src', name), 'utf8').split('\n').length - 1 }))
      .filter((file) => file.lines > 300);
    expect(tooLong).toEqual([]);
  });
});

describe('words live in content/', () => {
  // Code a reader sees as code, not words a translation would touch.
  const CODE = new Set(['UPDATE']);
  const WORD_ATTRIBUTES = new Set(['aria-label', 'label', 'title', 'placeholder', 'alt', 'aria-roledescription']);
  const hasWords = (text: string) => /[A-Za-z]{2,}/.test(text) && !CODE.has(text.trim());
  const literalWords = (node: ts.Node | undefined): string[] => {
    if (!node) return [];
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      return hasWords(node.text) ? [node.text] : [];
    if (ts.isTemplateExpression(node))
      return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].filter(hasWords);
    if (ts.isParenthesizedExpression(node)) return literalWords(node.expression);
    if (ts.isConditionalExpression(node)) return [...literalWords(node.whenTrue), ...literalWords(node.whenFalse)];
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
      return literalWords(node.right);
    return [];
  };

  it('keeps every sentence and label a reader sees out of the components (JSX text and labelling attributes)', () => {
    const found: string[] = [];
    for (const name of readdirSync(resolve(root, 'src'), { recursive: true, encoding: 'utf8' })) {
      if (!name.endsWith('.tsx') || name.endsWith('.test.tsx')) continue;
      const source = ts.createSourceFile(
        name,
        readFileSync(resolve(root, 'src', name), 'utf8'),
        ts.ScriptTarget.Latest,
        true,
        ts.ScriptKind.TSX,
      );
      const at = (node: ts.Node) =>
        `src/${name}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
      const visit = (node: ts.Node) => {
        if (ts.isJsxText(node) && hasWords(node.text)) found.push(`${at(node)}: ${node.text.trim()}`);
        if (ts.isJsxExpression(node) && !ts.isJsxAttribute(node.parent))
          found.push(...literalWords(node.expression).map((text) => `${at(node)}: ${text}`));
        if (ts.isJsxAttribute(node) && WORD_ATTRIBUTES.has(node.name.getText(source))) {
          const value = node.initializer;
          const texts = value && ts.isJsxExpression(value) ? literalWords(value.expression) : literalWords(value);
          found.push(...texts.map((text) => `${at(node)}: ${node.name.getText(source)}="${text}"`));
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(found).toEqual([]);
  });
});
