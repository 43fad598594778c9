import type { ElementOf } from '../../../model/elements';
import { NestedList } from '../nestedList';
import type { ElementProps } from '../elementProps';
import { highlightStyleClasses } from './panelStyles';

/** Content set apart in a tinted panel (HighlightedElement). */
export function HighlightedPanelElement({ element }: ElementProps<ElementOf<'HighlightedElement'>>) {
  return (
    <div className={`my-6 ${highlightStyleClasses[element.style]}`} data-style={element.style}>
      <NestedList elements={element.content} />
    </div>
  );
}
