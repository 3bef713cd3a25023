import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { loadContent, type LoadedContent } from './load-content.ts';

/** The modules content/ is served as: the first view's, and two that load later. */
const MODULES = {
  'virtual:lockstep/content': (loaded: LoadedContent) => loaded.content,
  'virtual:lockstep/lesson': (loaded: LoadedContent) => loaded.lesson,
  'virtual:lockstep/practice': (loaded: LoadedContent) => loaded.practice,
  'virtual:lockstep/presenter': (loaded: LoadedContent) => loaded.presenter,
  'virtual:lockstep/lab': (loaded: LoadedContent) => loaded.lab,
  'virtual:lockstep/postgres': (loaded: LoadedContent) => loaded.postgres,
} as const;

type ModuleId = keyof typeof MODULES;
const isModuleId = (id: string): id is ModuleId => id in MODULES;

/**
 * Serves `content/` to the app as validated modules. Validation happens here, in Node, so a broken
 * file fails `vite build` (and the dev server) with its name and field, and no schema code ships to the page.
 */
export function contentPlugin(contentDir = resolve(import.meta.dirname, '../../../content')): Plugin {
  // Loaded and validated once per build or server, not once per module: a file that changes drops it.
  let loaded: LoadedContent | null = null;
  return {
    name: 'lockstep-content',
    resolveId(id) {
      return isModuleId(id) ? `\0${id}` : null;
    },
    load(id) {
      const moduleId = id.startsWith('\0') ? id.slice(1) : '';
      if (!isModuleId(moduleId)) return null;
      loaded ??= loadContent(contentDir);
      for (const file of loaded.files) this.addWatchFile(file);
      return `export default ${JSON.stringify(MODULES[moduleId](loaded))};`;
    },
    watchChange(id) {
      if (loaded?.files.includes(id)) loaded = null;
    },
  };
}
