// Mutation testing, one src/ folder at a time and incrementally (reports/stryker-incremental.json keeps each
// mutant's result until its code or its tests change, on this machine only: the incremental files are not committed,
// so a fresh checkout, and each session, starts from scratch). Outside CI: all of src/ takes hours on two cores, so
// score the folders a change touched with --own-tests.
//   npm run mutate                 every folder of src/
//   npm run mutate -- sim route    only these folders
//   npm run mutate -- --concurrency=1 sim   one test process, leaving a core free for other work
//   npm run mutate -- --together lab story  these folders in one Stryker run: one dry run of the whole suite (about
//                                           ten minutes here) instead of one per folder, but nothing is kept until
//                                           the run ends
//   npm run mutate -- --part-size=3 story   each folder in runs of three of its files: each run's results are kept in
//                                           the incremental file as it ends, so a stopped run resumes on the same
//                                           machine (not in another session); the folder's score is written after its
//                                           last run
//   npm run mutate -- --own-tests sim       each folder's mutants against its own test files only: a lower bound of
//                                           what the whole suite detects, in minutes where the whole suite takes hours
//                                           (each sim mutant is reached by most of the suite). Kept apart, in
//                                           reports/stryker-incremental-own-tests.json, and kept in scores.json as
//                                           the folder's `ownTests`, beside the whole suite's score
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const report = join(root, 'reports/mutation/mutation.json');
const scoresFile = join(root, 'reports/mutation/scores.json');
const all = readdirSync(join(root, 'src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'testing')
  .map((entry) => entry.name);
const flags = process.argv.slice(2).filter((argument) => argument.startsWith('--'));
const named = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
const concurrency = flags.find((flag) => /^--concurrency=\d+$/.test(flag));
const together = flags.includes('--together');
const partSizeFlag = flags.find((flag) => /^--part-size=[1-9]\d*$/.test(flag));
const partSize = partSizeFlag ? Number(partSizeFlag.split('=')[1]) : 0;
const ownTests = flags.includes('--own-tests');
const otherFlags = flags.filter(
  (flag) => flag !== concurrency && flag !== '--together' && flag !== partSizeFlag && flag !== '--own-tests',
);
if (otherFlags.length > 0) {
  console.error(
    `Unknown option: ${otherFlags.join(', ')}. The options are --concurrency=N, --together, --part-size=N and --own-tests.`,
  );
  process.exit(2);
}
if (together && ownTests) {
  console.error('--together runs several folders against one suite; --own-tests gives each folder its own tests.');
  process.exit(2);
}
if (together && partSize > 0) {
  console.error('--together and --part-size pull opposite ways: one run for several folders, or several for one.');
  process.exit(2);
}
const folders = named.length > 0 ? named : all;
const unknown = folders.filter((folder) => !all.includes(folder));
if (unknown.length > 0) {
  console.error(`Not a folder of src/: ${unknown.join(', ')}. The folders are: ${all.join(', ')}.`);
  process.exit(2);
}

// Stryker's --mutate is a comma-separated list, so no brace patterns. The config's own list (all of src/) says why
// each exclusion is there: entry points, the content plugin (Node at build time) and workers.
const patternsOf = (folder) => [`src/${folder}/**/*.ts`, `src/${folder}/**/*.tsx`];
const EXCLUDED = [
  '!src/**/*.test.ts',
  '!src/**/*.test.tsx',
  '!src/**/*.bench.ts',
  '!src/**/*.test-d.ts',
  '!src/**/*.d.ts',
  '!src/**/*.worker.ts',
  '!src/content/build/content-plugin.ts',
  '!src/embed/main.tsx',
];
/** Whether a file is only types: nothing is left of it once they are stripped, so it has nothing to mutate. */
function onlyTypes(file) {
  const { outputText } = ts.transpileModule(readFileSync(join(root, file), 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ESNext, removeComments: true },
  });
  return outputText.replace('export {};', '').trim() === '';
}

/**
 * The files of `folder` that Stryker mutates, as paths from the project's root. Files of types alone are left out:
 * a part made only of them runs no test, and Stryker stops there with an error.
 */
function mutatedFiles(folder) {
  return readdirSync(join(root, 'src', folder), { recursive: true })
    .map((file) => `src/${folder}/${String(file).replace(/\\/g, '/')}`)
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|bench|worker|test-d|d)\.tsx?$/.test(file))
    .filter((file) => file !== 'src/content/build/content-plugin.ts' && file !== 'src/embed/main.tsx')
    .filter((file) => !onlyTypes(file))
    .sort();
}
const DETECTED = new Set(['Killed', 'Timeout']);
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);
let scores = {};
try {
  scores = JSON.parse(readFileSync(scoresFile, 'utf8'));
} catch {
  // No earlier scores: this run writes the first.
}
const failed = [];
/** The share of `folder`'s mutants the tests detected, from the last run's report. */
function scoreOf(folder) {
  let detected = 0;
  let counted = 0;
  // The report also carries every other file's mutants from the incremental file, some no longer mutated (a type
  // test, a file of types): count the files this folder's runs mutate, and only those.
  const mutated = new Set(mutatedFiles(folder));
  const files = Object.entries(JSON.parse(readFileSync(report, 'utf8')).files);
  for (const [, { mutants }] of files.filter(([path]) => mutated.has(path.replace(/\\/g, '/')))) {
    for (const mutant of mutants) {
      if (!COUNTED.has(mutant.status)) continue;
      counted += 1;
      if (DETECTED.has(mutant.status)) detected += 1;
    }
  }
  return { detected, counted };
}
// Each run: the folders it completes, and what it mutates.
const runs = together
  ? [{ folders, label: folders.map((folder) => `src/${folder}`).join(', '), mutate: folders.flatMap(patternsOf) }]
  : folders.flatMap((folder) => {
      if (partSize === 0) return [{ folders: [folder], label: `src/${folder}`, mutate: patternsOf(folder) }];
      const files = mutatedFiles(folder);
      const parts = Array.from({ length: Math.ceil(files.length / partSize) }, (_, at) =>
        files.slice(at * partSize, (at + 1) * partSize),
      );
      return parts.map((part, at) => ({
        // The folder is scored once its last part has run.
        folders: at === parts.length - 1 ? [folder] : [],
        of: folder,
        label: `src/${folder}, part ${at + 1} of ${parts.length}: ${part.map((file) => file.split('/').pop()).join(', ')}`,
        mutate: part,
      }));
    });
for (const { folders: completed, of, label, mutate } of runs) {
  if (of && failed.includes(of)) continue;
  const owner = of ?? completed[0];
  console.log(`\n== ${label}${ownTests ? `, against src/${owner}'s own tests` : ''}`);
  const run = spawnSync(
    'npx',
    [
      'stryker',
      'run',
      '--mutate',
      [...mutate, ...EXCLUDED].join(','),
      ...(concurrency ? ['--concurrency', concurrency.split('=')[1]] : []),
      ...(ownTests ? ['--incrementalFile', 'reports/stryker-incremental-own-tests.json'] : []),
    ],
    {
      cwd: root,
      stdio: 'inherit',
      // Read by vitest.mutate.config.ts.
      env: ownTests ? { ...process.env, LOCKSTEP_MUTATE_OWN_TESTS: owner } : process.env,
    },
  );
  if (run.status !== 0) {
    // Go on with the other folders: one that no unit test reaches (Stryker then runs no test) must not hide theirs.
    console.error(`Stryker failed on ${label} (exit ${run.status}); no score is updated.`);
    failed.push(...(of ? [of] : completed));
    continue;
  }
  // The lower bound is kept beside the whole suite's score, never in its place: that one takes hours to measure.
  for (const folder of completed)
    scores[folder] = ownTests
      ? { ...scores[folder], ownTests: scoreOf(folder) }
      : { ...scores[folder], ...scoreOf(folder) };
  mkdirSync(join(root, 'reports/mutation'), { recursive: true });
  writeFileSync(scoresFile, `${JSON.stringify(scores, null, 2)}\n`);
}

const percent = ({ detected, counted }) => `${counted === 0 ? '100.0' : ((100 * detected) / counted).toFixed(1)} %`;
const column = (score) => (score ? `${score.detected}/${score.counted} ${percent(score).padStart(7)}` : '—');
console.log(`\n${'folder'.padEnd(20)} ${'whole suite'.padStart(18)} ${"folder's own tests".padStart(20)}`);
for (const [folder, { ownTests: own, ...whole }] of Object.entries(scores).sort()) {
  const suite = whole.counted === undefined ? undefined : whole;
  console.log(`src/${folder}`.padEnd(20), column(suite).padStart(18), column(own).padStart(20));
}
if (failed.length > 0) {
  console.error(
    `\nNo score for ${failed.map((folder) => `src/${folder}`).join(', ')}: Stryker failed there (see above).`,
  );
  process.exit(1);
}
