import type { MoveOn } from '../../model/cmi5';
import { manifestTitle, xmlText } from '../scorm/manifest';

/*
 * cmi5.xml, the course structure of a cmi5 course package (cmi5 specification sections 13 and 14):
 * one course and its AUs, valid against the vendored CourseStructure.xsd (server/cmi5/schemas/).
 * The ids are IRIs under the server's origin, built from material and element ids (stable across
 * publications, never a share id); the AU's url is the share's AU launch page on this server.
 */

export const COURSE_STRUCTURE_NAMESPACE = 'https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd';
export const COURSE_STRUCTURE_FILE = 'cmi5.xml';

export type CourseAu = { id: string; title: string; description: string; url: string };

export type CourseStructureInput = {
  courseId: string;
  title: string;
  description: string;
  /** The language of titles and descriptions (the material's; the product's default is German). */
  language: string;
  moveOn: MoveOn;
  /** 0 to 1; null: none (the AU then sends neither passed nor failed). */
  masteryScore: number | null;
  aus: readonly CourseAu[];
};

/** The activity IRI of a material under `origin` (as server/xapi/derive.ts names it in the learning records). */
export const materialIri = (origin: string, materialId: string): string => `${origin}/xapi/activities/${encodeURIComponent(materialId)}`;
/** The course's IRI: the material's with `/cmi5-course` (a course id must differ from its AUs'). */
export const courseIri = (origin: string, materialId: string): string => `${materialIri(origin, materialId)}/cmi5-course`;
/** The AU launch page of a share on `origin`. */
export const auUrl = (origin: string, sharePublicId: string): string => `${origin}/cmi5/${encodeURIComponent(sharePublicId)}/`;

/** A mastery score as the schema's decimal: up to 4 decimal places (section 13.1.4). */
export const masteryScoreText = (score: number): string => String(Math.round(score * 10000) / 10000);

const langstring = (language: string, text: string, indent: string) => `${indent}<langstring lang="${xmlText(language)}">${xmlText(text)}</langstring>`;

export function courseStructureXml(input: CourseStructureInput): string {
  const title = manifestTitle(input.title, input.courseId);
  const text = (name: string, value: string, indent: string) => `${indent}<${name}>\n${langstring(input.language, value, `${indent}  `)}\n${indent}</${name}>`;
  const aus = input.aus.map((au) => {
    const attributes = [
      `id="${xmlText(au.id)}"`,
      `moveOn="${input.moveOn}"`,
      ...(input.masteryScore === null ? [] : [`masteryScore="${masteryScoreText(input.masteryScore)}"`]),
      'launchMethod="AnyWindow"',
    ];
    return [
      `  <au ${attributes.join(' ')}>`,
      text('title', manifestTitle(au.title, au.id), '    '),
      text('description', au.description, '    '),
      `    <url>${xmlText(au.url)}</url>`,
      '  </au>',
    ].join('\n');
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<courseStructure xmlns="${COURSE_STRUCTURE_NAMESPACE}">
  <course id="${xmlText(input.courseId)}">
${text('title', title, '    ')}
${text('description', input.description, '    ')}
  </course>
${aus.join('\n')}
</courseStructure>
`;
}
