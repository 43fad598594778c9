/** The four styles of columns and highlighted elements (spec section 3). */
export type PanelStyle = 'flow' | 'flow-outline' | 'stretch' | 'plain';

/** Columns: how each column box looks. */
export const panelStyleClasses: Record<PanelStyle, string> = {
  plain: '',
  flow: 'rounded-lg bg-gray-50 p-4',
  'flow-outline': 'rounded-lg border border-gray-200 p-4',
  stretch: 'h-full rounded-lg bg-gray-50 p-4',
};

/** Highlighted element: a tinted panel in the primary colour. */
export const highlightStyleClasses: Record<PanelStyle, string> = {
  flow: 'rounded-xl bg-primary-50 px-5 py-4',
  'flow-outline': 'rounded-xl border-2 border-primary-200 bg-primary-50/40 px-5 py-4',
  stretch: 'bg-primary-50 px-5 py-6 sm:-mx-6 sm:px-6 sm:rounded-xl',
  plain: 'border-s-4 border-primary-600 bg-primary-50/60 py-3 ps-5 pe-4',
};
