// Validates a package's imsmanifest.xml against the official schemas it names, with libxml2's own validator
// (xmllint-wasm, libxml2 compiled to WebAssembly): used by scripts/scorm/manifests.test.ts on the manifests as
// written, and by e2e/scorm.spec.ts on the ones in the built zips.
import { validateXML } from 'xmllint-wasm';
import { controlDocuments } from './manifests.mjs';

/**
 * libxml2 reads one root schema: this one imports each namespace a manifest uses, from the file its schemaLocation
 * names. SCORM 1.2's metadata schema (imsmd_rootv1p2p1.xsd) is not among them: libxml2 2.13 refuses to compile it
 * ("content model is not determinist"), and the manifest uses none of its elements (manifests.test.ts checks that).
 */
const IMPORTS = {
  scorm12: {
    'http://www.imsproject.org/xsd/imscp_rootv1p1p2': 'imscp_rootv1p1p2.xsd',
    'http://www.adlnet.org/xsd/adlcp_rootv1p2': 'adlcp_rootv1p2.xsd',
  },
  scorm2004: {
    'http://www.imsglobal.org/xsd/imscp_v1p1': 'imscp_v1p1.xsd',
    'http://www.adlnet.org/xsd/adlcp_v1p3': 'adlcp_v1p3.xsd',
    'http://www.adlnet.org/xsd/adlseq_v1p3': 'adlseq_v1p3.xsd',
    'http://www.adlnet.org/xsd/adlnav_v1p3': 'adlnav_v1p3.xsd',
    'http://www.imsglobal.org/xsd/imsss': 'imsss_v1p0.xsd',
  },
};

function wrapper(imports) {
  const lines = Object.entries(imports).map(
    ([namespace, file]) => `  <xs:import namespace="${namespace}" schemaLocation="${file}"/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n${lines.join('\n')}\n</xs:schema>\n`;
}

/** Whether the manifest is valid, and each error with its line and the rule broken, as libxml2 words it. */
export async function validateManifest(name, xml) {
  const result = await validateXML({
    xml: { fileName: 'imsmanifest.xml', contents: xml },
    schema: { fileName: 'lockstep-wrapper.xsd', contents: wrapper(IMPORTS[name]) },
    preload: Object.entries(controlDocuments(name)).map(([fileName, contents]) => ({ fileName, contents })),
  });
  return {
    valid: result.valid,
    errors: result.errors.map((error) => `line ${error.loc?.lineNumber ?? '?'}: ${error.message}`),
  };
}
