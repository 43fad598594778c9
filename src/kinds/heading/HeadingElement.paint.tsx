import type { ElementOf } from '../../../model/elements';
import { SafeHtml } from '../../../paint/SafeHtml';
import type { ElementProps } from '../../../paint/elementProps';

const levelClasses = [
  'text-3xl sm:text-4xl font-bold tracking-tight',
  'text-2xl sm:text-3xl font-bold tracking-tight',
  'text-xl sm:text-2xl font-semibold',
  'text-lg sm:text-xl font-semibold',
  'text-base sm:text-lg font-semibold',
  'text-base font-semibold uppercase tracking-wide text-gray-600',
] as const;

type Level = 1 | 2 | 3 | 4 | 5 | 6;

/** The tag of a content heading: the page title is the page's only h1, so authored level 1 renders as h2. */
export function headingTag(level: number): `h${Exclude<Level, 1>}` {
  return `h${Math.min(6, Math.max(2, Math.round(level))) as Exclude<Level, 1>}`;
}

/** A content heading h2…h6 that looks like its authored level 1…6; its text is content html. */
export function HeadingElement({ element }: ElementProps<ElementOf<'Heading'>>) {
  const level = Math.min(6, Math.max(1, element.level)) as Level;
  return (
    <SafeHtml
      as={headingTag(level)}
      html={element.content.html}
      className={`mt-8 mb-3 text-balance text-gray-900 [&_a]:text-primary-700 [&_a]:underline ${levelClasses[level - 1]}`}
    />
  );
}
