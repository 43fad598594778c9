import type { ScormVersion } from '../../model/hostMessages';

/*
 * imsmanifest.xml of a SCORM package: one organization with one item, whose resource is one SCO (the
 * launch page). SCORM 1.2 (IMS Content Packaging 1.1.2 with ADL's adlcp_rootv1p2) or SCORM 2004 4th
 * edition (IMS CP 1.1.4 with ADL's adlcp/adlseq/adlnav v1p3 and IMS Simple Sequencing). The schema
 * files the manifest names in xsi:schemaLocation travel at the package's root (server/scorm/schemas/).
 * tests/scorm/manifest.test.ts validates both against those schemas with xmllint.
 */

export type ManifestInput = {
  /** The manifest's identifier (an XML ID: `manifestIdentifier`). */
  identifier: string;
  /** The course's title (the organization's and the item's). */
  title: string;
  /** The SCO's launch file, relative to the package root. */
  launch: string;
  /** Every file the SCO uses, relative to the package root (the launch file included). */
  files: readonly string[];
};

/** Longest title: the smallest permitted maximum of SCORM 2004 (the 1.2 schema's limit is the same). */
export const TITLE_MAX_LENGTH = 200;

/**
 * The manifest identifier of a share: `lernwerk-` and the share's public id (letters, digits, `-` and
 * `_`), so it is a valid XML ID (an NCName cannot start with a digit or `-`) and the same for every
 * export of that share: an LMS that is given the package again recognises it as the same course.
 */
export function manifestIdentifier(sharePublicId: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(sharePublicId)) throw new Error(`not a share id: ${JSON.stringify(sharePublicId)}`);
  return `lernwerk-${sharePublicId}`;
}

/** Text safe in XML 1.0 element content and attributes: escaped, characters XML cannot carry dropped. */
export function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

/** The title as the manifest holds it: whitespace collapsed, at most TITLE_MAX_LENGTH characters (never half a pair). */
export function manifestTitle(title: string, fallback: string): string {
  const clean = title.replace(/\s+/g, ' ').trim() || fallback;
  const chars = [...clean];
  return chars.length <= TITLE_MAX_LENGTH ? clean : `${chars.slice(0, TITLE_MAX_LENGTH - 1).join('')}…`;
}

/** The schema files of each version, as the package holds them at its root (server/scorm/schemas/DIR/). */
export const SCHEMA_FILES: Readonly<Record<ScormVersion, { dir: string; files: readonly string[] }>> = {
  '1.2': { dir: 'scorm12', files: ['imscp_rootv1p1p2.xsd', 'adlcp_rootv1p2.xsd', 'imsmd_rootv1p2p1.xsd', 'ims_xml.xsd'] },
  '2004': {
    dir: 'scorm2004',
    files: [
      'imscp_v1p1.xsd',
      'adlcp_v1p3.xsd',
      'adlseq_v1p3.xsd',
      'adlnav_v1p3.xsd',
      'imsss_v1p0.xsd',
      'imsss_v1p0auxresource.xsd',
      'imsss_v1p0control.xsd',
      'imsss_v1p0delivery.xsd',
      'imsss_v1p0limit.xsd',
      'imsss_v1p0objective.xsd',
      'imsss_v1p0random.xsd',
      'imsss_v1p0rollup.xsd',
      'imsss_v1p0seqrule.xsd',
      'imsss_v1p0util.xsd',
      'xml.xsd',
      'XMLSchema.dtd',
      'datatypes.dtd',
    ],
  },
};

/** Namespace and schema file of each namespace a manifest uses (its xsi:schemaLocation pairs). */
export const SCHEMA_LOCATIONS: Readonly<Record<ScormVersion, readonly (readonly [string, string, string])[]>> = {
  '1.2': [
    ['', 'http://www.imsproject.org/xsd/imscp_rootv1p1p2', 'imscp_rootv1p1p2.xsd'],
    ['adlcp', 'http://www.adlnet.org/xsd/adlcp_rootv1p2', 'adlcp_rootv1p2.xsd'],
    ['imsmd', 'http://www.imsglobal.org/xsd/imsmd_rootv1p2p1', 'imsmd_rootv1p2p1.xsd'],
  ],
  '2004': [
    ['', 'http://www.imsglobal.org/xsd/imscp_v1p1', 'imscp_v1p1.xsd'],
    ['adlcp', 'http://www.adlnet.org/xsd/adlcp_v1p3', 'adlcp_v1p3.xsd'],
    ['adlseq', 'http://www.adlnet.org/xsd/adlseq_v1p3', 'adlseq_v1p3.xsd'],
    ['adlnav', 'http://www.adlnet.org/xsd/adlnav_v1p3', 'adlnav_v1p3.xsd'],
    ['imsss', 'http://www.imsglobal.org/xsd/imsss', 'imsss_v1p0.xsd'],
  ],
};

function rootAttributes(version: ScormVersion, identifier: string): string {
  const locations = SCHEMA_LOCATIONS[version];
  const namespaces = locations.map(([prefix, ns]) => `${prefix ? `xmlns:${prefix}` : 'xmlns'}="${ns}"`);
  const schemaLocation = locations.map(([, ns, file]) => `${ns} ${file}`).join(' ');
  return [
    `identifier="${xmlText(identifier)}"`,
    'version="1.0"',
    ...namespaces,
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    `xsi:schemaLocation="${schemaLocation}"`,
  ].join('\n          ');
}

function fileList(input: ManifestInput): string {
  const files = [input.launch, ...input.files.filter((f) => f !== input.launch)];
  return files.map((file) => `      <file href="${xmlText(file)}"/>`).join('\n');
}

/** imsmanifest.xml of a SCORM 1.2 package. */
export function manifest12(input: ManifestInput): string {
  const id = input.identifier;
  const title = xmlText(manifestTitle(input.title, id));
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest ${rootAttributes('1.2', id)}>
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="${id}-org">
    <organization identifier="${id}-org">
      <title>${title}</title>
      <item identifier="${id}-item" identifierref="${id}-sco" isvisible="true">
        <title>${title}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="${id}-sco" type="webcontent" adlcp:scormtype="sco" href="${xmlText(input.launch)}">
${fileList(input)}
    </resource>
  </resources>
</manifest>
`;
}

/**
 * imsmanifest.xml of a SCORM 2004 4th edition package. The item's sequencing says that the content
 * sets completion and success itself (the launch page writes them), so the LMS does not set them on exit.
 */
export function manifest2004(input: ManifestInput): string {
  const id = input.identifier;
  const title = xmlText(manifestTitle(input.title, id));
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest ${rootAttributes('2004', id)}>
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="${id}-org">
    <organization identifier="${id}-org">
      <title>${title}</title>
      <item identifier="${id}-item" identifierref="${id}-sco" isvisible="true">
        <title>${title}</title>
        <imsss:sequencing>
          <imsss:deliveryControls completionSetByContent="true" objectiveSetByContent="true"/>
        </imsss:sequencing>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="${id}-sco" type="webcontent" adlcp:scormType="sco" href="${xmlText(input.launch)}">
${fileList(input)}
    </resource>
  </resources>
</manifest>
`;
}

export function manifestFor(version: ScormVersion, input: ManifestInput): string {
  return version === '1.2' ? manifest12(input) : manifest2004(input);
}
