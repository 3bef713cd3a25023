/** The schemas (and DTDs) a package's manifest needs, by file name, as bytes. */
export function controlDocuments(name: 'scorm12' | 'scorm2004'): Record<string, Buffer>;
/** Each package's imsmanifest.xml, keyed by package name. */
export function manifests(options: { files: readonly string[]; mastery: number }): {
  scorm12: string;
  scorm2004: string;
};
