// @vitest-environment node
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { controlDocuments, manifests } from './manifests.mjs';
import { validateManifest as validate } from './validate-manifest.mjs';

/*
 * The packages' manifests against the official IMS/ADL schemas they name, with libxml2's own validator
 * (xmllint-wasm), and the schemas themselves against the SHA-256 list committed beside them.
 */

const FILES = ['index.html', 'assets/main-abc123.js', 'assets/index-def456.css'];

/** The file names a manifest's xsi:schemaLocation points to. */
const schemaFiles = (xml: string) =>
  (/xsi:schemaLocation="([^"]+)"/.exec(xml)?.[1] ?? '')
    .trim()
    .split(/\s+/)
    .filter((_, index) => index % 2 === 1);

describe('the SCORM packages’ manifests', () => {
  for (const name of ['scorm12', 'scorm2004'] as const) {
    for (const mastery of [0, 80, 100]) {
      it(`${name}, mastery ${mastery}: valid against the official schemas`, async () => {
        const xml = manifests({ files: FILES, mastery })[name];
        const { valid, errors } = await validate(name, xml);
        expect(errors).toEqual([]);
        expect(valid).toBe(true);
      });
    }

    it(`${name}: a broken manifest fails, naming the line and the rule`, async () => {
      const xml = manifests({ files: FILES, mastery: 80 })[name].replace(
        '<organizations default="lockstep-organization">',
        '<organizations default="lockstep-organization"><bogus/>',
      );
      const { valid, errors } = await validate(name, xml);
      expect(valid).toBe(false);
      expect(errors.join('\n')).toMatch(/^line \d+: .*bogus.*(not expected|This element)/m);
    });

    it(`${name}: every schema its schemaLocation names is among the control documents the zip carries`, () => {
      const xml = manifests({ files: FILES, mastery: 80 })[name];
      const carried = Object.keys(controlDocuments(name));
      expect(schemaFiles(xml).length).toBeGreaterThan(0);
      for (const file of schemaFiles(xml)) expect(carried, `${name} names ${file}`).toContain(file);
    });
  }

  // libxml2 2.13 cannot compile imsmd_rootv1p2p1.xsd, so the validation leaves it out (validate-manifest.mjs).
  it('scorm12: uses no element of the metadata namespace libxml2 cannot compile, so nothing goes unchecked', () => {
    const xml = manifests({ files: FILES, mastery: 80 }).scorm12;
    expect(xml).not.toMatch(/xmlns:\w+="http:\/\/www\.imsglobal\.org\/xsd\/imsmd_rootv1p2p1"/);
    expect(xml).not.toMatch(/<(\w+:)?lom\b/);
  });

  it('scorm12: the mastery score is the per cent given, scorm2004: the same as a fraction', () => {
    const { scorm12, scorm2004 } = manifests({ files: FILES, mastery: 75 });
    expect(scorm12).toContain('<adlcp:masteryscore>75</adlcp:masteryscore>');
    expect(scorm2004).toContain('<imsss:minNormalizedMeasure>0.75</imsss:minNormalizedMeasure>');
  });

  it('lists every file of the launch page, its path escaped', () => {
    const { scorm2004 } = manifests({ files: ['index.html', 'a&b.js'], mastery: 80 });
    expect(scorm2004).toContain('<file href="index.html"/>');
    expect(scorm2004).toContain('<file href="a&amp;b.js"/>');
  });
});

describe('the control documents', () => {
  const listed = readFileSync(new URL('./control-documents/SHA256SUMS', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [hash, path] = line.split(/\s+/);
      return { hash, path: path ?? '' };
    });

  it('are the 4 files of SCORM 1.2 and the 17 of SCORM 2004 4th Edition, each listed once', () => {
    const folders = { scorm12: 4, scorm2004: 17 } as const;
    for (const [name, count] of Object.entries(folders)) {
      const files = Object.keys(controlDocuments(name as keyof typeof folders)).sort();
      expect(files).toHaveLength(count);
      expect(
        listed
          .filter((entry) => entry.path.startsWith(`${name}/`))
          .map((entry) => entry.path.slice(name.length + 1))
          .sort(),
      ).toEqual(files);
    }
  });

  it('are byte for byte as published: each matches its SHA-256 in SHA256SUMS', () => {
    for (const { hash, path } of listed) {
      const [name, file] = path.split('/') as ['scorm12' | 'scorm2004', string];
      const bytes = controlDocuments(name)[file];
      expect(bytes, path).toBeDefined();
      expect(createHash('sha256').update(bytes!).digest('hex'), path).toBe(hash);
    }
  });
});
