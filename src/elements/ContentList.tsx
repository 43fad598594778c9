import type { ContentElement } from '../model/elements';
import { ElementView } from './ElementView';

/**
 * Renders a list of content elements in order. PLACEHOLDER: the viewer work adds barrier splitting
 * (only the first barrier splits before/after; what follows stays hidden until it is unlocked).
 */
export function ContentList({ elements }: { elements: readonly ContentElement[] }) {
  return (
    <>
      {elements.map((element) => (
        <ElementView key={element.id} element={element} />
      ))}
    </>
  );
}
