import type { ElementOf } from '../../../model/elements';
import { SafeHtml } from '../../../paint/SafeHtml';
import type { ElementProps } from '../../../paint/elementProps';
import { proseClasses } from '../../../paint/proseClasses';

const sizeClasses: Record<ElementOf<'Text'>['size'], string> = {
  'p-ultra-small': 'text-xs',
  'p-small': 'text-sm',
  'p-regular': 'text-base',
  'p-big': 'text-lg sm:text-xl',
};

/** Rich text in one of four sizes. */
export function TextElement({ element }: ElementProps<ElementOf<'Text'>>) {
  return <SafeHtml html={element.content.html} data-size={element.size} className={`${proseClasses} ${sizeClasses[element.size]}`} />;
}
