import type { ContentElement } from '../../model/elements';
import { groupAttributes } from '../../paint/elementGroups';
import { shellGroupHeight } from '../viewer/shell';
import { ElementView } from './ElementView';

/** One group of a page's top-level elements (paint/elementGroups.ts). */
export function ElementGroup({ elements }: { elements: readonly ContentElement[] }) {
  // Until first shown, it takes the room of the server's group it replaces (shown or not, the room that takes now);
  // elsewhere the estimate of src/styles.css.
  const drawn = shellGroupHeight(elements);
  return (
    <div
      {...groupAttributes(elements)}
      style={drawn === undefined ? undefined : { containIntrinsicSize: `auto ${drawn}px` }}
    >
      {elements.map((element) => (
        <ElementView key={element.id} element={element} />
      ))}
    </div>
  );
}
