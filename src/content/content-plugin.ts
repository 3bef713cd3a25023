import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { loadContent } from './load-content.ts';

const MODULE_ID = 'virtual:lockstep/content';
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * Serves `content/` to the app as one validated module. Validation happens here, in Node, so a broken
 * file fails `vite build` (and the dev server) with its name and field, and no schema code ships to the page.
 */
export function contentPlugin(contentDir = resolve(import.meta.dirname, '../../content')): Plugin {
  return {
    name: 'lockstep-content',
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      const { content, files } = loadContent(contentDir);
      for (const file of files) this.addWatchFile(file);
      return `export default ${JSON.stringify(content)};`;
    },
  };
}
