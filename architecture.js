/**
 * The folders of src/ (and tools/) and which may import which. This one list is what eslint.config.js enforces,
 * src/testing/architecture.test.ts checks arrow by arrow, and ARCHITECTURE.md draws.
 */

/**
 * Shared layers, bottom up, each with the layers it may import (only ones listed before it). Explicit rather than
 * "everything below": the story's views take a run as props, so neither they nor the components reach the store.
 */
export const SHARED_TARGETS = {
  sim: [],
  settings: ['sim'],
  route: ['sim', 'settings'],
  content: ['sim', 'settings', 'route'],
  progress: ['sim', 'content'],
  store: ['sim', 'settings', 'route', 'content'],
  components: ['sim', 'content'],
  story: ['sim', 'settings', 'content', 'components'],
  shortcuts: ['content'],
  views: ['sim', 'settings', 'route', 'content', 'progress', 'store', 'components', 'story', 'shortcuts'],
};

/** The shared layers, bottom up. */
export const SHARED = Object.keys(SHARED_TARGETS);

/** Features: each may import every shared layer and nothing of another feature. The entry points combine them. */
export const FEATURES = [
  'walkthrough',
  'lesson',
  'lab',
  'outcome-map',
  'practice',
  'presenter',
  'real-postgres',
  'offline',
];

/**
 * Entry points, in order: each may import the shared layers, the features, the entry points before it and the
 * page's global stylesheet (src/styles.css). src/main.tsx, the site's own entry, sits beside that stylesheet.
 */
export const ENTRY_POINTS = ['app', 'embed', 'lms'];

/** Node-only tools (the real-server suites), kept out of the browser's tree in tools/: they may import the shared layers. */
export const TOOLS = ['conformance'];

/**
 * Where a folder of the map lives: src/, or tools/ for the Node-only ones.
 * @param {string} folder
 */
export const folderPath = (folder) => (TOOLS.includes(folder) ? `tools/${folder}` : `src/${folder}`);

/**
 * For each folder of src/, the folders it may import from besides itself.
 * @returns {Record<string, string[]>}
 */
export function allowedImports() {
  /** @type {Record<string, string[]>} */
  const allowed = {};
  for (const [folder, targets] of Object.entries(SHARED_TARGETS)) allowed[folder] = [...targets];
  for (const folder of [...FEATURES, ...TOOLS]) allowed[folder] = [...SHARED];
  ENTRY_POINTS.forEach(
    (folder, index) => (allowed[folder] = [...SHARED, ...FEATURES, ...ENTRY_POINTS.slice(0, index), 'styles.css']),
  );
  return allowed;
}
