import type { KindViews } from '../../paint/kindView';
import { TextElement } from './text/TextElement.paint';
import { HeadingElement } from './heading/HeadingElement.paint';
import { QuoteElement } from './quote/QuoteElement.paint';
import { SeparatorElement } from './separator/SeparatorElement.paint';
import { ImageElement } from './image/ImageElement.paint';
import { ColumnsElement } from './columns/ColumnsElement.paint';
import { HighlightedPanelElement } from './highlighted/HighlightedPanelElement.paint';

/**
 * The reading kinds' views: DOM-free, with no actor and no lazy code, so the server's first paint
 * (paint/PaintedList.tsx) and the app (src/elements/registry.ts) draw them alike. The views' registry
 * takes them from here, and is exhaustive, so a kind is named in one of the two.
 */
export const READING_VIEWS = {
  Text: TextElement,
  Heading: HeadingElement,
  Quote: QuoteElement,
  Separator: SeparatorElement,
  Image: ImageElement,
  Columns: ColumnsElement,
  HighlightedElement: HighlightedPanelElement,
} as const satisfies KindViews;
