import type { ElementOf } from '../../../model/elements';
import { NestedList } from '../../../paint/nestedList';
import type { ElementProps } from '../../../paint/elementProps';
import { highlightStyleClasses } from '../../../paint/panelStyles';

/** Content set apart in a tinted panel (HighlightedElement). */
export function HighlightedPanelElement({ element }: ElementProps<ElementOf<'HighlightedElement'>>) {
  return (
    <div className={`my-6 ${highlightStyleClasses[element.style]}`} data-style={element.style}>
      <NestedList elements={element.content} />
    </div>
  );
}
