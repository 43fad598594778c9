/** The attribute that gives an icon-only control the page's tooltip; empty: the tooltip shows its aria-label. */
export const TOOLTIP_ATTRIBUTE = 'data-tooltip' as const;

/** What a control spreads to get the tooltip of its accessible name (src/ui/Tooltips.tsx shows it). */
export const withTooltip = { [TOOLTIP_ATTRIBUTE]: '' } as const;
