import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Styles cannot leak from one feature to another: a feature's stylesheet is a CSS Module (`*.module.css`), whose
 * class names Vite makes unique to the file, so no other file's rule can select its elements (the lab's global
 * `.verdict` once recoloured the quiz's). Only the stylesheets listed here are global.
 */
const GLOBAL = [
  // Tokens, resets, colour schemes, the page's frame and the layout pieces the shared views have in common.
  'src/styles.css',
];

const root = resolve(import.meta.dirname, '../..');
const stylesheets = (readdirSync(join(root, 'src'), { recursive: true }) as string[])
  .filter((path) => path.endsWith('.css'))
  .map((path) => relative(root, join(root, 'src', path)));

describe('stylesheets', () => {
  it('are CSS Modules, except the listed global ones', () => {
    expect(stylesheets.filter((path) => !path.endsWith('.module.css') && !GLOBAL.includes(path))).toEqual([]);
    expect(GLOBAL.filter((path) => !stylesheets.includes(path))).toEqual([]);
  });
});
