// The SCORM packages' manifests, and the control documents each zip carries beside them (scripts/package-scorm.mjs
// writes the zips; manifests.test.ts validates the manifests against those documents).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const CONTROL_DOCUMENTS = new URL('./control-documents/', import.meta.url);

/** The schemas (and DTDs) a package's manifest needs, by file name, as bytes: `scorm12` or `scorm2004`. */
export function controlDocuments(name) {
  const folder = join(CONTROL_DOCUMENTS.pathname, name);
  return Object.fromEntries(readdirSync(folder).map((file) => [file, readFileSync(join(folder, file))]));
}

const TITLE = 'Lockstep: distributed locking, step by step';
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
/**
 * Each package's imsmanifest.xml: `files` are the launch page's files (paths in the zip), `mastery` the pass mark in
 * per cent. Keyed by package name, as the zips are.
 */
export function manifests({ files, mastery }) {
  const fileList = files.map((path) => `      <file href="${escape(path)}"/>`).join('\n');
  return {
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
}
