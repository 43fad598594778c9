import { strToU8 } from 'fflate';
import type { MoveOn } from '../../model/cmi5';
import { zipFiles } from '../scorm/package';
import { COURSE_STRUCTURE_FILE, auUrl, courseIri, courseStructureXml, materialIri } from './courseStructure';

/*
 * A cmi5 course package of a material's share: a zip with cmi5.xml at its root and nothing else. Its
 * AU (one for the material, or one per top-level chapter) is the share's launch page on this server (an absolute URL: section 14.1), so a later import
 * of the material updates the course in every LMS, and what learners do is also saved here.
 */

export type Cmi5PackageInput = {
  origin: string;
  sharePublicId: string;
  materialId: string;
  title: string;
  moveOn: MoveOn;
  masteryScore: number | null;
  /** One AU per top-level chapter (in order) instead of one for the material. */
  chapters?: readonly CourseChapter[] | null;
  modified?: Date;
};

export type CourseChapter = { id: string; publicId: string; title: string };

export function cmi5CourseXml(input: Cmi5PackageInput): string {
  const description = `${input.title} – Lernmaterial, gezeigt von ${input.origin}`;
  return courseStructureXml({
    courseId: courseIri(input.origin, input.materialId),
    title: input.title,
    description,
    language: 'de',
    moveOn: input.moveOn,
    masteryScore: input.masteryScore,
    aus: input.chapters?.length
      ? input.chapters.map((chapter) => ({
          id: `${materialIri(input.origin, input.materialId)}/${encodeURIComponent(chapter.id)}`,
          title: chapter.title,
          description: `${chapter.title} – Kapitel von ${input.title}`,
          url: `${auUrl(input.origin, input.sharePublicId)}?chapter=${encodeURIComponent(chapter.publicId)}`,
        }))
      : [{ id: materialIri(input.origin, input.materialId), title: input.title, description, url: auUrl(input.origin, input.sharePublicId) }],
  });
}

export function buildCmi5Package(input: Cmi5PackageInput): Uint8Array {
  return zipFiles(new Map([[COURSE_STRUCTURE_FILE, strToU8(cmi5CourseXml(input))]]), input.modified);
}
