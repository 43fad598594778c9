import { lazy, type ComponentType } from 'react';
import type { ContentElement, ModelName } from '../model/elements';
import { BarrierElement } from './barrier/Barrier';
import { CertificateElement } from './certificate/Certificate';
import { PathElement } from './path/Path';
import { AssignmentQuestionElement } from './questions/AssignmentQuestion';
import { ChoiceQuestionElement } from './questions/ChoiceQuestion';
import { ClozeQuestionElement } from './questions/ClozeQuestion';
import { FreeTextInputElement } from './questions/FreeTextInput';
import { PolygonTargetExerciseElement } from './questions/PolygonTargetExercise';
import { ChapterCard } from './ChapterCard';
import { CodeElement } from './static/CodeElement';
import { ColumnsElement } from './static/ColumnsElement';
import { ExternalResourceElement } from './static/ExternalResourceElement';
import { FoldableElement } from './static/FoldableElement';
import { HeadingElement } from './static/HeadingElement';
import { HighlightedPanelElement } from './static/HighlightedPanelElement';
import { HotspotElement } from './static/HotspotElement';
import { HtmlEmbedElement } from './static/HtmlEmbedElement';
import { ImageElement } from './static/ImageElement';
import { ImageGalleryElement } from './static/ImageGalleryElement';
import { LinkElement } from './static/LinkElement';
import { MathFormulaElement } from './static/MathFormulaElement';
import { QuoteElement } from './static/QuoteElement';
import { SeparatorElement } from './static/SeparatorElement';
import { TextElement } from './static/TextElement';

/** Props every element component receives. */
export type ElementProps<E extends ContentElement = ContentElement> = { element: E };

type Registry = { [N in ModelName]?: ComponentType<ElementProps<Extract<ContentElement, { modelName: N }>>> };

/*
 * modelName → component. Heavy components (KaTeX, highlighting) are React.lazy so they stay out of
 * the first-paint bundle. An element without an entry renders the fallback of ElementView.
 */
export const elementComponents: Registry = {
  Text: TextElement,
  Heading: HeadingElement,
  MathFormula: MathFormulaElement, // KaTeX loads lazily inside
  Quote: QuoteElement,
  Separator: SeparatorElement,
  Image: ImageElement,
  ImageGallery: ImageGalleryElement,
  Link: LinkElement,
  HtmlElement: HtmlEmbedElement,
  Code: CodeElement, // highlight.js loads lazily inside
  Columns: ColumnsElement,
  HighlightedElement: HighlightedPanelElement,
  Foldable: FoldableElement,
  Hotspot: HotspotElement,
  IFrame: ExternalResourceElement,
  Chapter: ChapterCard,
  ChoiceQuestion: ChoiceQuestionElement,
  ClozeQuestion: ClozeQuestionElement,
  FreeTextInput: FreeTextInputElement,
  AssignmentQuestion: AssignmentQuestionElement,
  PolygonTargetExercise: PolygonTargetExerciseElement,
  Barrier: BarrierElement,
  Certificate: CertificateElement,
  Path: PathElement,
  // entries are added by the element work, one line each, e.g.
  // Text: TextElement,
  // MathFormula: lazy(() => import('./MathFormula')),
};

void lazy;
