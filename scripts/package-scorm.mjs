// Writes the SCORM packages a course author uploads to an LMS:
//   npm run package -- --site https://your.host/lockstep/ [--mastery 80]
// packages/lockstep-scorm12.zip (SCORM 1.2) and packages/lockstep-scorm2004.zip (SCORM 2004 4th edition), each the
// whole lesson as one SCO launched from index.html, without the in-page Postgres (it links to --site instead).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { strToU8, zipSync } from 'fflate';

const option = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const fail = (message) => {
  console.error(`npm run package: ${message}`);
  console.error('usage: npm run package -- --site https://your.host/lockstep/ [--mastery 80]');
  process.exit(2);
};

const site = option('--site', process.env.LOCKSTEP_SITE);
if (!site) fail('say where the full site is hosted (--site URL): the package links there for real Postgres.');
let siteUrl;
try {
  siteUrl = new URL(site);
} catch {
  fail(`--site "${site}" is not a URL.`);
}
if (!['http:', 'https:'].includes(siteUrl.protocol)) fail(`--site must be an http or https address, not "${site}".`);
const mastery = Number(option('--mastery', '80'));
if (!Number.isInteger(mastery) || mastery < 0 || mastery > 100) fail('--mastery must be a whole number from 0 to 100.');

const out = 'dist-scorm';
const scormBuild = { stdio: 'inherit', env: { ...process.env, VITE_LOCKSTEP_SITE: siteUrl.href } };
execFileSync('npx', ['vite', 'build', '--mode', 'scorm', '--outDir', out, '--emptyOutDir'], scormBuild);
// The launch page is prerendered as the site's is, from the package's own build (its real-Postgres link, no PGlite).
execFileSync(
  'npx',
  ['vite', 'build', '--mode', 'scorm', '--ssr', 'src/prerender.tsx', '--outDir', 'dist-ssr', '--emptyOutDir'],
  scormBuild,
);
execFileSync('node', ['scripts/prerender.mjs', '--out', out], scormBuild);

const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
const files = walk(out)
  .map((path) => relative(out, path).split(sep).join('/'))
  .filter((path) => !path.endsWith('.map'))
  .sort();
const pglite = files.filter((path) => /pglite|postgres\.worker|initdb/.test(path));
if (pglite.length > 0) fail(`the package build still holds PGlite (${pglite.join(', ')}).`);

const TITLE = 'Lockstep: distributed locking, step by step';
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const fileList = files.map((path) => `      <file href="${escape(path)}"/>`).join('\n');

const manifests = {
  scorm12: `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="lockstep-scorm12" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="lockstep-organization">
    <organization identifier="lockstep-organization">
      <title>${TITLE}</title>
      <item identifier="lockstep-lesson" identifierref="lockstep-sco">
        <title>${TITLE}</title>
        <adlcp:masteryscore>${mastery}</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="lockstep-sco" type="webcontent" adlcp:scormtype="sco" href="index.html">
${fileList}
    </resource>
  </resources>
</manifest>
`,
  scorm2004: `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="lockstep-scorm2004" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="lockstep-organization">
    <organization identifier="lockstep-organization">
      <title>${TITLE}</title>
      <item identifier="lockstep-lesson" identifierref="lockstep-sco">
        <title>${TITLE}</title>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="lockstep-quiz" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${(mastery / 100).toFixed(2)}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="lockstep-sco" type="webcontent" adlcp:scormType="sco" href="index.html">
${fileList}
    </resource>
  </resources>
</manifest>
`,
};

mkdirSync('packages', { recursive: true });
for (const [name, manifest] of Object.entries(manifests)) {
  const entries = { 'imsmanifest.xml': strToU8(manifest) };
  for (const path of files) entries[path] = readFileSync(join(out, path));
  const zip = zipSync(entries, { level: 9 });
  const target = join('packages', `lockstep-${name}.zip`);
  writeFileSync(target, zip);
  console.log(`${target}: ${(zip.length / 1024).toFixed(1)} kB, ${files.length + 1} files, mastery ${mastery} %`);
}
