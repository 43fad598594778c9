import type { CSSProperties } from 'react';
import type { ElementOf } from '../../../model/elements';
import { NestedList } from '../../../paint/nestedList';
import type { ElementProps } from '../../../paint/elementProps';
import { panelStyleClasses, type PanelStyle } from '../../../paint/panelStyles';

type ColumnsData = ElementOf<'Columns'>;

const alignClasses: Record<ColumnsData['verticalAlign'], string> = { top: 'md:items-start', middle: 'md:items-center', bottom: 'md:items-end' };

/** Two columns side by side from the md breakpoint (left gets `ratio` of the width), stacked below. */
export function ColumnsElement({ element }: ElementProps<ColumnsData>) {
  const left = Math.min(1, Math.max(0, element.ratio));
  const style = element.style as PanelStyle;
  const columns = { '--columns': `minmax(0, ${left}fr) minmax(0, ${1 - left}fr)` } as CSSProperties;
  const align = style === 'stretch' ? 'md:items-stretch' : alignClasses[element.verticalAlign];
  return (
    <div className={`my-4 grid grid-cols-1 gap-6 md:grid-cols-(--columns) ${align}`} style={columns} data-style={style}>
      <div data-column="left" className={`min-w-0 ${panelStyleClasses[style]}`}>
        <NestedList elements={element.left} />
      </div>
      <div data-column="right" className={`min-w-0 ${panelStyleClasses[style]}`}>
        <NestedList elements={element.right} />
      </div>
    </div>
  );
}
