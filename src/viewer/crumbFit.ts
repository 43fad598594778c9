/** One crumb of a page's trail: its label and where it leads. */
export type Crumb = { label: string; to: string };

/** On any screen, trails longer than this keep only the home crumb and the last two (spec section 2: a long trail collapses). */
export const MAX_VISIBLE_CRUMBS = 4;
/** The current page's crumb is shortened (with an ellipsis) no further than this, in px; below it, it goes too (the page's h1 names it). */
export const MIN_CURRENT_CRUMB_PX = 96;

export type CrumbWidths = {
  /** Each crumb's width in full, its separator included, in trail order (the last one is the current page). */
  crumbs: readonly number[];
  /** The "…" menu button's width, its separator included. */
  menu: number;
  /** The width the breadcrumbs may take. */
  available: number;
};

/**
 * Which crumbs of a trail show (true) and which collapse into the "…" menu (false), so that no crumb
 * is cut to an unreadable stub: the crumbs before the current page show in full or not at all. The
 * current page comes first (shortened down to MIN_CURRENT_CRUMB_PX at most), then the home crumb,
 * then the ancestors from the parent upwards while they fit; the collapsed ones are always one
 * run, so the menu stands where they were. Without widths (not measured yet) only the count rule
 * applies.
 */
export function visibleCrumbs(count: number, widths?: CrumbWidths): boolean[] {
  const long = count > MAX_VISIBLE_CRUMBS;
  const candidates = [0, ...Array.from({ length: count - 2 }, (_, i) => count - 2 - i)].filter((i) => !long || i === 0 || i === count - 2);
  const visible = Array.from({ length: count }, (_, i) => i === count - 1);
  if (!widths) {
    for (const i of candidates) visible[i] = true;
    return visible;
  }
  const current = widths.crumbs[count - 1] ?? 0;
  const total = widths.crumbs.reduce((sum, width) => sum + width, 0);
  if (!long && total <= widths.available) return visible.fill(true);
  let room = widths.available - widths.menu - Math.min(current, MIN_CURRENT_CRUMB_PX);
  if (room < 0) {
    // Not even the current page fits beside the menu: the menu alone holds the way back.
    visible[count - 1] = false;
    return visible;
  }
  for (const i of candidates) {
    if (widths.crumbs[i] > room) {
      // The home crumb may give way to the parent; an ancestor never gives way to one further up.
      if (i === 0) continue;
      break;
    }
    visible[i] = true;
    room -= widths.crumbs[i];
  }
  return visible;
}
