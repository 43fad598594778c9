import { TOOLTIP_THRESHOLD_PX } from '../../model/constants';

/** Space between a control and its tooltip, px. */
export const TOOLTIP_GAP_PX = 6;

type Box = { left: number; top: number; width: number; height: number };

/**
 * Where a tooltip of `size` goes beside `anchor`: centred below it, above when there is no room below,
 * and never nearer than TOOLTIP_THRESHOLD_PX (spec section 9) to the viewport's sides.
 */
export function placeTooltip(anchor: Box, size: { width: number; height: number }, viewport: { width: number; height: number }): { left: number; top: number; side: 'below' | 'above' } {
  const edge = TOOLTIP_THRESHOLD_PX;
  const below = anchor.top + anchor.height + TOOLTIP_GAP_PX;
  const above = anchor.top - TOOLTIP_GAP_PX - size.height;
  const side = below + size.height > viewport.height - edge && above >= edge ? 'above' : 'below';
  const centred = anchor.left + anchor.width / 2 - size.width / 2;
  const left = Math.max(edge, Math.min(centred, viewport.width - edge - size.width));
  return { left, top: side === 'below' ? below : above, side };
}
