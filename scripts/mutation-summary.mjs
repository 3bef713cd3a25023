// Prints the mutation score per folder from Stryker's JSON report (reports/mutation/mutation.json).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const report = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'reports/mutation/mutation.json'), 'utf8'));
const DETECTED = new Set(['Killed', 'Timeout']);
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);
const folders = new Map();
for (const [file, { mutants }] of Object.entries(report.files)) {
  const folder = file.split('/').slice(0, 2).join('/');
  const tally = folders.get(folder) ?? { detected: 0, counted: 0 };
  for (const mutant of mutants) {
    if (!COUNTED.has(mutant.status)) continue;
    tally.counted += 1;
    if (DETECTED.has(mutant.status)) tally.detected += 1;
  }
  folders.set(folder, tally);
}
console.log('folder'.padEnd(16), 'killed/valid'.padStart(14), 'score'.padStart(8));
for (const [folder, { detected, counted }] of [...folders].sort()) {
  const score = counted === 0 ? 100 : (100 * detected) / counted;
  console.log(folder.padEnd(16), `${detected}/${counted}`.padStart(14), `${score.toFixed(1)} %`.padStart(8));
}
