import { memo, Suspense, useContext, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import type { ContentElement } from '../../model/elements';
import { DormantElement, focusInto, type FocusOnWake } from './dormant/DormantElement';
import { dozes, PageHighlightContext, useWakingRules } from './dormant/waking';
import { highlightMatches, whenRendered } from '../viewer/scrollToTarget';
import type { ElementProps } from '../../paint/elementProps';
import { elementComponents, loadElementMachines, loadsLazily, machinesLoadedFor } from './registry';
import { onRevealEverything } from './revealScheduler';
import { useRevealer } from './viewerContext';
import { frameAttributes } from '../../paint/frameAttributes';

/**
 * Wraps one element in its frame (paint/frameAttributes.ts). Memoised: the element re-renders only
 * through its own actor's snapshot. Beyond the first screen an interactive element starts as its
 * stand-in and wakes (its actor spawned first) when it comes near the viewport, is reached by keyboard
 * or pointer, or the page is printed. A reading element of the first bundle (text, heading, image…)
 * that starts awake never changes: it gets the frame alone, without the waking hooks and the Suspense
 * boundary (their heap on long pages: docs/decisions.md).
 */
export const ElementView = memo(function ElementView({ element }: { element: ContentElement }) {
  const Component = elementComponents[element.modelName] as ComponentType<ElementProps> | undefined;
  const rules = useWakingRules();
  // Decided once, at mount: whether it starts as its stand-in.
  const [startsDozing] = useState(() => dozes(element, rules));
  if (!startsDozing && Component && !loadsLazily(Component)) {
    return (
      <div {...frameAttributes(element)}>
        <Component element={element} />
      </div>
    );
  }
  return <WakingElement element={element} Component={Component} startsDozing={startsDozing} />;
});

type WakingProps = { element: ContentElement; Component: ComponentType<ElementProps> | undefined; startsDozing: boolean };

function WakingElement({ element, Component, startsDozing }: WakingProps) {
  const revealer = useRevealer();
  const [awake, setAwake] = useState(!startsDozing);
  const focusOnWake = useRef<FocusOnWake | undefined>(undefined);
  const root = useRef<HTMLDivElement>(null);

  const highlight = useContext(PageHighlightContext);
  const woke = useRef(false);

  const wake = (focus?: FocusOnWake) => {
    // Its actor is spawned first; its chart comes with its view, loaded with the page.
    if (!machinesLoadedFor([element.modelName])) {
      loadElementMachines([element.modelName]).then(() => wake(focus), () => undefined);
      return;
    }
    revealer.reveal([element]);
    focusOnWake.current = focus;
    woke.current = true;
    setAwake(true);
  };
  // A layout effect: a print that starts right after a chunk committed (its passive effects still pending) wakes it too.
  useLayoutEffect(() => (awake ? undefined : onRevealEverything(() => flushSync(() => wake()))), [awake]); // eslint-disable-line react-hooks/exhaustive-deps -- wake is this render's; registered again when it wakes
  useLayoutEffect(() => {
    if (!awake || !root.current) return;
    if (focusOnWake.current) focusInto(root.current, focusOnWake.current);
    focusOnWake.current = undefined;
    // The page's highlight marked the stand-in; the woken element marks its own text once it shows.
    const shown = root.current;
    if (woke.current && highlight) whenRendered(shown, () => highlightMatches(shown, highlight));
  }, [awake]); // eslint-disable-line react-hooks/exhaustive-deps -- once, when it wakes

  return (
    <div ref={root} {...frameAttributes(element)}>
      {!awake ? (
        <DormantElement element={element} onWake={wake} />
      ) : (
        <Suspense fallback={<div className="min-h-8 animate-pulse rounded bg-gray-100" aria-hidden data-pending="" />}>
          {Component ? <Component element={element} /> : null}
        </Suspense>
      )}
    </div>
  );
}
