import type { FocusEventHandler, PointerEventHandler, Ref } from 'react';
import type { ContentElement } from '../model/elements';
import { standInParts } from '../src/kinds/rules';
import { pressTarget } from './pressTarget';
import { SafeHtml } from './SafeHtml';

type StandInProps = {
  element: ContentElement;
  ref?: Ref<HTMLDivElement>;
  onFocus?: FocusEventHandler<HTMLDivElement>;
  onPointerDown?: PointerEventHandler<HTMLDivElement>;
};

/**
 * What stands in for an interactive element until it wakes: its text, readable, searchable
 * (find-in-page) and printable, without widgets, actor or code. A tab stop, so keyboard users never
 * skip an element; its parts that stand for one control carry that control's press key. The server's
 * first paint draws it as it is; the app wakes it (src/elements/dormant/DormantElement.tsx).
 */
export function StandIn({ element, ref, onFocus, onPointerDown }: StandInProps) {
  return (
    <div ref={ref} data-dormant="" tabIndex={0} onFocus={onFocus} onPointerDown={onPointerDown} className="my-6 rounded-lg border border-gray-200 p-4">
      {standInParts(element).map((part, i) =>
        'html' in part ? (
          <SafeHtml key={i} html={part.html} className="[&_p]:m-0" {...(part.press ? pressTarget(part.press) : {})} />
        ) : 'code' in part ? (
          // Wrapped, not scrolled: a region that scrolls must take the focus, and the stand-in itself has it.
          <pre key={i} className="font-mono whitespace-pre-wrap break-words text-gray-900">
            <code>{part.code}</code>
          </pre>
        ) : (
          <p key={i} className="whitespace-pre-line" {...(part.press ? pressTarget(part.press) : {})}>
            {part.text}
          </p>
        ),
      )}
    </div>
  );
}
