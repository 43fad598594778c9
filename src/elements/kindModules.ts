import type { ModelName } from '../../model/elements';

/*
 * The modules (paths from the repository root, as the build's manifest names them) that the lazy element
 * kinds of src/elements/registry.ts load before they render: the component's module, the parts it loads
 * itself (KaTeX, highlighting), the question texts, and the element statecharts for stateful kinds. The
 * server names their chunks in a share's page as modulepreload links (server/pages/routePreloads.ts), so
 * they travel with the entry instead of after it has run. Kinds missing here are part of the first
 * route. tests/elements/kindModules.test.ts holds this list to the registry's imports.
 */
const QUESTION_TEXTS = 'src/i18n/resources/questions.ts';
export const ELEMENT_MACHINES_MODULE = 'machines/elements/registry.ts';

const question = (folder: string, module: string) => [`src/kinds/${folder}/${module}.tsx`, QUESTION_TEXTS];

export const KIND_MODULES: Partial<Record<ModelName, readonly string[]>> = {
  Foldable: ['src/kinds/foldable/FoldableElement.tsx'],
  MathFormula: ['src/kinds/mathFormula/MathFormulaElement.tsx', 'src/kinds/mathFormula/KatexFormula.tsx'],
  ImageGallery: ['src/kinds/imageGallery/ImageGalleryElement.tsx'],
  Link: ['src/kinds/link/LinkElement.tsx'],
  HtmlElement: ['src/kinds/htmlEmbed/HtmlEmbedElement.tsx'],
  Code: ['src/kinds/code/CodeElement.tsx', 'src/kinds/code/HighlightedCode.tsx'],
  Hotspot: ['src/kinds/hotspot/HotspotElement.tsx'],
  IFrame: ['src/kinds/externalResource/ExternalResourceElement.tsx'],
  ChoiceQuestion: question('choice', 'ChoiceQuestion'),
  ClozeQuestion: question('cloze', 'ClozeQuestion'),
  FreeTextInput: question('freeText', 'FreeTextInput'),
  AssignmentQuestion: question('assignment', 'AssignmentQuestion'),
  PolygonTargetExercise: question('polygon', 'PolygonTargetExercise'),
  Barrier: ['src/kinds/barrier/Barrier.tsx', QUESTION_TEXTS],
  Certificate: ['src/kinds/certificate/Certificate.tsx', QUESTION_TEXTS],
  Path: ['src/kinds/path/Path.tsx', QUESTION_TEXTS],
};
