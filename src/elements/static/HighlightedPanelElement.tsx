import type { ElementOf } from '../../../model/elements';
import { ContentList } from '../ContentList';
import type { ElementProps } from '../registry';
import { highlightStyleClasses } from './panelStyles';

/** Content set apart in a tinted panel (HighlightedElement). */
export function HighlightedPanelElement({ element }: ElementProps<ElementOf<'HighlightedElement'>>) {
  return (
    <div className={`my-6 ${highlightStyleClasses[element.style]}`} data-style={element.style}>
      <ContentList elements={element.content} />
    </div>
  );
}
