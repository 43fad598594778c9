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

const question = (module: string) => [`src/elements/questions/${module}.tsx`, QUESTION_TEXTS];

export const KIND_MODULES: Partial<Record<ModelName, readonly string[]>> = {
  Foldable: ['src/elements/static/FoldableElement.tsx'],
  MathFormula: ['src/elements/static/MathFormulaElement.tsx', 'src/elements/static/KatexFormula.tsx'],
  ImageGallery: ['src/elements/static/ImageGalleryElement.tsx'],
  Link: ['src/elements/static/LinkElement.tsx'],
  HtmlElement: ['src/elements/static/HtmlEmbedElement.tsx'],
  Code: ['src/elements/static/CodeElement.tsx', 'src/elements/static/HighlightedCode.tsx'],
  Hotspot: ['src/elements/static/HotspotElement.tsx'],
  IFrame: ['src/elements/static/ExternalResourceElement.tsx'],
  ChoiceQuestion: question('ChoiceQuestion'),
  ClozeQuestion: question('ClozeQuestion'),
  FreeTextInput: question('FreeTextInput'),
  AssignmentQuestion: question('AssignmentQuestion'),
  PolygonTargetExercise: question('PolygonTargetExercise'),
  Barrier: ['src/elements/barrier/Barrier.tsx', QUESTION_TEXTS],
  Certificate: ['src/elements/certificate/Certificate.tsx', QUESTION_TEXTS],
  Path: ['src/elements/path/Path.tsx', QUESTION_TEXTS],
};
