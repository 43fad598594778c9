import type { ReactElement } from 'react';
import { Tooltip, TooltipTrigger } from 'react-aria-components/Tooltip';
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_THRESHOLD_PX } from '../../machines/constants';

/**
 * A tooltip naming an icon-only control (spec section 9: opens after 500 ms of hover, or at once on
 * keyboard focus; keeps 20 px from the viewport's edge). The control keeps its own accessible name;
 * the tooltip shows it to sighted pointer and keyboard users. `children` is one react-aria control.
 */
export function WithTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <TooltipTrigger delay={TOOLTIP_OPEN_DELAY_MS}>
      {children}
      <Tooltip
        offset={6}
        containerPadding={TOOLTIP_THRESHOLD_PX}
        className="max-w-xs rounded bg-gray-900 px-2 py-1 text-xs text-white shadow-md animate-overlay-fade motion-reduce:animate-none"
      >
        {label}
      </Tooltip>
    </TooltipTrigger>
  );
}
