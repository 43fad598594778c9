import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Icon } from '../../paint/Icon';

type DisclosureProps = {
  title: ReactNode;
  isExpanded: boolean;
  /** Called with the wanted state: a click on the title, or the browser's find-in-page opening it. */
  onExpandedChange: (isExpanded: boolean) => void;
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  children: ReactNode;
  className?: string;
  /** Attributes of the title's button beyond its own (a press key: src/elements/dormant/pressReplay.ts). */
  triggerAttributes?: Record<`data-${string}`, string>;
};

/** The panel's height while it opens or closes (the class below animates it); `auto` once it is open. */
const HEIGHT = '--disclosure-panel-height';

/**
 * The WAI-ARIA disclosure pattern, controlled from outside: a heading holding a native button
 * (aria-expanded, aria-controls) and a panel (role group, labelled by the button) hidden
 * "until-found", so find-in-page still reaches folded content and opens it (`beforematch`).
 *
 * Native elements rather than react-aria-components' Disclosure: a button that toggles a region needs
 * nothing a browser lacks (Enter and Space press it, `:focus-visible` rings it), and react-aria's
 * version held far more per foldable (docs/decisions.md). Composite widgets stay react-aria's.
 */
export function Disclosure({ title, isExpanded, onExpandedChange, headingLevel = 3, children, className = '', triggerAttributes }: DisclosureProps) {
  const id = useId();
  const [triggerId, panelId] = [`${id}trigger`, `${id}panel`];
  const panel = useRef<HTMLDivElement>(null);
  const shown = useRef<boolean | null>(null);
  const change = useRef(onExpandedChange);
  useLayoutEffect(() => {
    change.current = onExpandedChange;
  });
  const Heading = `h${headingLevel}` as const;

  // `hidden="until-found"` is set here rather than rendered: React knows `hidden` only as a boolean.
  useLayoutEffect(() => {
    const node = panel.current;
    if (!node || shown.current === isExpanded) return;
    const first = shown.current === null;
    shown.current = isExpanded;
    const animated = !first && typeof node.getAnimations === 'function';
    const settle = (then: () => void) => void Promise.all(node.getAnimations().map((a) => a.finished)).then(then, () => undefined);
    if (isExpanded) {
      node.removeAttribute('hidden');
      node.style.setProperty(HEIGHT, animated ? `${node.scrollHeight}px` : 'auto');
      if (animated) {
        settle(() => {
          if (shown.current) node.style.setProperty(HEIGHT, 'auto');
        });
      }
    } else if (animated) {
      node.style.setProperty(HEIGHT, `${node.scrollHeight}px`);
      void getComputedStyle(node).height; // the start of the transition
      node.style.setProperty(HEIGHT, '0px');
      settle(() => {
        if (shown.current === false) node.setAttribute('hidden', 'until-found');
      });
    } else {
      node.style.setProperty(HEIGHT, '0px');
      node.setAttribute('hidden', 'until-found');
    }
  }, [isExpanded]);

  // Find-in-page (or revealMarks in src/viewer/scrollToTarget.ts) found something inside: open at once, in this task.
  useEffect(() => {
    const node = panel.current;
    if (!node) return;
    const open = () => flushSync(() => change.current(true));
    node.addEventListener('beforematch', open);
    return () => node.removeEventListener('beforematch', open);
  }, []);

  return (
    <div className={`group rounded-lg border border-gray-200 bg-white ${className}`} data-expanded={isExpanded || undefined}>
      <Heading className="m-0">
        <button
          {...triggerAttributes}
          type="button"
          id={triggerId}
          aria-expanded={isExpanded}
          aria-controls={panelId}
          onClick={() => onExpandedChange(!isExpanded)}
          className="flex w-full cursor-default items-center gap-3 rounded-lg px-4 py-3 text-start text-base font-semibold text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
        >
          <Icon
            name="chevron-right"
            className="size-5 shrink-0 text-primary-700 transition-transform duration-200 group-data-expanded:rotate-90 rtl:group-data-expanded:-rotate-90 motion-reduce:transition-none"
          />
          <span className="flex-1">{title}</span>
        </button>
      </Heading>
      <div
        ref={panel}
        id={panelId}
        role="group"
        aria-labelledby={triggerId}
        className="h-(--disclosure-panel-height) overflow-clip transition-[height] duration-200 motion-reduce:transition-none"
      >
        <div className="border-t border-gray-100 px-4 py-3">{children}</div>
      </div>
    </div>
  );
}
