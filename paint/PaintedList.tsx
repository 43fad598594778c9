import type { ContentElement } from '../model/elements';
import { barrierSplit } from '../model/tree';
import { FIRST_PAINT_FORMS } from '../src/kinds/firstPaintForms.paint';
import { READING_VIEWS } from '../src/kinds/readingViews.paint';
import { frameAttributes } from './frameAttributes';
import type { KindView } from './kindView';
import { NestedListContext } from './nestedList';
import { StandIn } from './StandIn';

const views: { readonly [N in ContentElement['modelName']]?: KindView<N> } = { ...READING_VIEWS, ...FIRST_PAINT_FORMS };

/**
 * One element as the server draws it before the app runs: a reading element as the app draws it, a
 * kind of src/kinds/firstPaintForms.paint.ts in its form of the first paint, and everything else as the
 * stand-in the app shows before such an element wakes. The app takes the frame, marked
 * `data-shell-element`, over and replaces it with its own (src/elements/shell/ShellRest.tsx).
 */
function PaintedElement({ element }: { element: ContentElement }) {
  const View = views[element.modelName] as KindView<ContentElement['modelName']> | undefined;
  return (
    <div {...frameAttributes(element)} data-shell-element="">
      {View ? <View element={element} /> : <StandIn element={element} />}
    </div>
  );
}

/**
 * A list of elements as the server's first paint draws it (server/pages/shellContent.tsx): every
 * element at once, up to and with the first barrier (what follows it shows once it is unlocked), with
 * no actor, no chunk and no lazy code. Containers draw what they hold with it too.
 */
export function PaintedList({ elements }: { elements: readonly ContentElement[] }) {
  const shown = barrierSplit(elements).before;
  return (
    <NestedListContext value={PaintedList}>
      {shown.map((element) => (
        <PaintedElement key={element.id} element={element} />
      ))}
    </NestedListContext>
  );
}
