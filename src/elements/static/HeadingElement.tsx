import type { ElementOf } from '../../model/elements';
import { SafeHtml } from '../../ui/SafeHtml';
import type { ElementProps } from '../registry';

const levelClasses = [
  'text-3xl sm:text-4xl font-bold tracking-tight',
  'text-2xl sm:text-3xl font-bold tracking-tight',
  'text-xl sm:text-2xl font-semibold',
  'text-lg sm:text-xl font-semibold',
  'text-base sm:text-lg font-semibold',
  'text-base font-semibold uppercase tracking-wide text-gray-600',
] as const;

/** A heading h1…h6 whose text is content html. */
export function HeadingElement({ element }: ElementProps<ElementOf<'Heading'>>) {
  const level = Math.min(6, Math.max(1, element.level)) as 1 | 2 | 3 | 4 | 5 | 6;
  return (
    <SafeHtml
      as={`h${level}`}
      html={element.content.html}
      className={`mt-8 mb-3 text-balance text-gray-900 [&_a]:text-primary-700 [&_a]:underline ${levelClasses[level - 1]}`}
    />
  );
}
