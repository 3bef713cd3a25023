/** Whether the manifest is valid, and each error with its line and the rule broken, as libxml2 words it. */
export function validateManifest(
  name: 'scorm12' | 'scorm2004',
  xml: string,
): Promise<{ valid: boolean; errors: string[] }>;
