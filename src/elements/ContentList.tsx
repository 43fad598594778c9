import { useSelector } from '@xstate/react';
import { memo, startTransition, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { AnyActorRef } from 'xstate';
import type { ContentElement } from '../../model/elements';
import { barrierSplit, elementsOnPage } from '../../model/tree';
import { ElementView } from './ElementView';
import { ElementGroup } from './ElementGroup';
import { groupEnd, groupsOf } from '../../paint/elementGroups';
import { NestedListContext } from '../../paint/nestedList';
import { chunkTook, FIRST_CHUNK, nextChunkSize, onRevealEverything, queueChunk, revealingEverything } from './revealScheduler';
import { EagerContext, needsActorAtMount, PageHighlightContext, useWakingRules, type WakingRules } from './dormant/waking';
import { focusInto } from './dormant/DormantElement';
import { highlightMatches, whenRendered } from '../viewer/scrollToTarget';
import { loadElementMachines, machinesLoadedFor } from './registry';
import { useElementActor, useRevealer, type Revealer } from './viewerContext';
import { ShellRest, type Reach } from './shell/ShellRest';
import { hasShellFrame } from '../viewer/shell';

/**
 * The first chunk of a list the server drew: small, since the first screen's elements render awake
 * (widgets, their code) and the chunk size only adapts from the second chunk on.
 */
const FIRST_CHUNK_AFTER_SHELL = 4;

/**
 * Focus for an element that just replaced the server's frame the learner tabbed into: its stand-in
 * (which wakes it and moves focus inside), else its first control.
 */
function focusRendered(id: string): void {
  const shown = document.getElementById(id);
  if (!shown) return;
  const standIn = shown.querySelector<HTMLElement>('[data-dormant]');
  if (standIn) standIn.focus();
  else focusInto(shown, 'first');
}

export { RevealTargetContext } from './dormant/waking';

/**
 * Renders a list of content elements in order. Everything after the first barrier stays hidden
 * until that barrier's actor is unlocked. Memoised: a list re-renders only when its elements do,
 * never because a learner answered something elsewhere on the page.
 */
export const ContentList = memo(function ContentList({ elements }: { elements: readonly ContentElement[] }) {
  const { before, barrierId, after } = useMemo(() => barrierSplit(elements), [elements]);
  // The containers among the elements draw their own lists with this one (paint/nestedList.ts).
  return (
    <NestedListContext value={ContentList}>
      <ElementRun elements={before} />
      {barrierId ? <AfterBarrier barrierId={barrierId} elements={after} /> : null}
    </NestedListContext>
  );
});

/** The elements these show (what their containers hold too) that need their actors when they mount. */
function actorsNeeded(elements: readonly ContentElement[], rules: WakingRules): ContentElement[] {
  return [...elementsOnPage(elements)].filter((element) => needsActorAtMount(element, rules));
}

/** How many leading elements already have the actors they need (a container's list, revealed with it). */
function readyPrefix(elements: readonly ContentElement[], rules: WakingRules, revealer: Revealer): number {
  let count = 0;
  while (count < elements.length && actorsNeeded([elements[count]], rules).every((element) => revealer.hasActor(element.id))) count++;
  return count;
}

/** Index of the element that is, or holds, `id`; -1 when none does. */
function indexHolding(elements: readonly ContentElement[], id: string | undefined): number {
  if (!id) return -1;
  return elements.findIndex((element) => element.id === id || [...elementsOnPage([element])].some((inner) => inner.id === id));
}

/**
 * A run of elements, mounted in chunks: the first before the first paint, the others one per task
 * (src/elements/revealScheduler.ts). Before a chunk renders, the viewer spawns the actors of its
 * elements (`elements.reveal`), so every element renders once, with its actor. Each chunk is a
 * memoised component of its own, so adding one costs what is in it, not what came before.
 *
 * When the server drew the list's leading elements (the page's first paint: src/viewer/shell.ts),
 * nothing renders before the first paint: the server's frames stay in place (ShellRest) and every
 * chunk, the first too, renders in a task of its own and replaces theirs.
 */
function ElementRun({ elements }: { elements: readonly ContentElement[] }) {
  const revealer = useRevealer();
  const rules = useWakingRules();
  const inherited = useContext(EagerContext);
  const target = rules.target;
  /** A page-level list's first elements are the first screen; nested lists are as eager as the chunk they sit in. */
  const eagerFrom = (from: number) => inherited ?? from < FIRST_CHUNK;
  /** A page's own list stands in groups (paint/elementGroups.ts) and renders whole ones: where a chunk wanted to end, where it ends. */
  const grouped = inherited === undefined;
  const chunkEnd = (wanted: number) => (grouped ? groupEnd(wanted, elements.length) : Math.min(elements.length, wanted));
  /** Whether the server drew this list's first elements (decided at mount). */
  const [drawnByServer] = useState(() => !revealingEverything() && hasShellFrame(elements[0]?.id));
  /** How many leading elements the server drew: those after them have nothing standing in for them and render in any case. */
  const [drawnUntil] = useState(() => {
    let drawn = 0;
    while (drawnByServer && drawn < elements.length && hasShellFrame(elements[drawn].id)) drawn++;
    return drawn;
  });
  /**
   * How far the list renders. On a long page the server drew, up to what came near the viewport or was
   * reached (ShellRest): memory then follows what the learner has seen, and the server's frames stand in
   * for the rest (readable, found by the browser's find, printed after `revealEverything`). Elsewhere
   * everything, chunk by chunk.
   */
  const [wanted, setWanted] = useState(() => (drawnByServer && rules.longPage ? 0 : Number.POSITIVE_INFINITY));
  /** Where each mounted chunk ends; the last entry is how many elements are shown. */
  const [ends, setEnds] = useState<readonly number[]>(() => {
    const ready = revealingEverything() || drawnByServer ? 0 : readyPrefix(elements, { ...rules, eager: eagerFrom(0) }, revealer);
    return ready ? [ready] : [];
  });
  const count = ends.length ? ends[ends.length - 1] : 0;
  const chunkStart = useRef<{ at: number; size: number } | null>(null);

  /** The kinds of these elements (what their containers hold too): their charts come with their views. */
  const kinds = useMemo(() => new Set([...elementsOnPage(elements)].map((element) => element.modelName)), [elements]);
  /** Whether the charts of these kinds are loaded: elements that need actors wait for them. */
  const machinesLoaded = machinesLoadedFor(kinds);
  const [, chartsCame] = useState(0);
  useEffect(() => {
    // A failed load (offline) leaves the chunks waiting; the next list that mounts tries again.
    if (!machinesLoaded) loadElementMachines(kinds).then(() => chartsCame((loads) => loads + 1), () => undefined);
  }, [machinesLoaded, kinds]);

  /** Mounts the next chunks, each ending at one of `upTo` (ascending), with the actors they need spawned first. */
  const revealChunks = (...upTo: number[]) => {
    const next = [...ends];
    for (const wanted of upTo) {
      const from = next.length ? next[next.length - 1] : 0;
      const end = chunkEnd(wanted);
      if (end <= from) continue;
      const needed = actorsNeeded(elements.slice(from, end), { ...rules, eager: eagerFrom(from) });
      // Without the statecharts no actor can be spawned: the chunk waits (machinesLoaded re-runs this).
      if (needed.length && !machinesLoaded) break;
      revealer.reveal(needed);
      next.push(end);
    }
    if (next.length !== ends.length) setEnds(next);
  };
  const revealUpTo = (end: number) => revealChunks(end);

  // The first screen (and anything the page was asked to scroll to) is there before the first paint.
  useLayoutEffect(() => {
    if (revealingEverything()) return revealUpTo(elements.length);
    const targetEnd = indexHolding(elements, target) + 1;
    // The first screen's chunk stays separate: only its elements start awake.
    if (!drawnByServer || targetEnd > 0) revealChunks(FIRST_CHUNK, targetEnd);
  }, [target, machinesLoaded]); // eslint-disable-line react-hooks/exhaustive-deps -- on mount, when the target changes and when the statecharts arrive

  useLayoutEffect(() => {
    if (!chunkStart.current) return;
    chunkTook(performance.now() - chunkStart.current.at, chunkStart.current.size);
    chunkStart.current = null;
  }, [count]);

  useEffect(() => {
    const until = count >= drawnUntil ? elements.length : Math.min(elements.length, wanted);
    if (count >= until || (count === 0 && !drawnByServer)) return;
    return queueChunk(() => {
      // The first screen's elements (awake, widgets and all) end a chunk of their own.
      const firstScreenEnd = inherited === undefined && count < FIRST_CHUNK ? FIRST_CHUNK : Number.POSITIVE_INFINITY;
      const end = chunkEnd(Math.min(count + (count === 0 ? Math.min(nextChunkSize(), FIRST_CHUNK_AFTER_SHELL) : nextChunkSize()), until, firstScreenEnd));
      chunkStart.current = { at: performance.now(), size: end - count };
      // In slices: a chunk that renders long yields to input and painting every few milliseconds.
      startTransition(() => revealUpTo(end));
    });
  }, [count, elements, machinesLoaded, wanted]); // eslint-disable-line react-hooks/exhaustive-deps -- revealUpTo reads this render's count

  /** The learner reached a frame of the server's (src/elements/shell/ShellRest.tsx): near the viewport, by keyboard or by pointer. */
  const reach = useRef<(index: number, how: Reach) => void>(() => {});
  reach.current = (index, how) => {
    if (how === 'near') return setWanted((before) => Math.max(before, index + 1));
    flushSync(() => revealUpTo(index + 1));
    if (how === 'focus') focusRendered(elements[index].id);
  };
  const onReach = useCallback((index: number, how: Reach) => reach.current(index, how), []);

  // Elements that render after the page was highlighted (no scrollTo) mark their matches themselves.
  const highlight = useContext(PageHighlightContext);
  const marked = useRef(count);
  useLayoutEffect(() => {
    const from = marked.current;
    marked.current = count;
    if (!highlight || inherited !== undefined) return;
    for (let i = from; i < count; i++) {
      const shown = document.getElementById(elements[i].id);
      if (shown) whenRendered(shown, () => highlightMatches(shown, highlight));
    }
  }, [count]); // eslint-disable-line react-hooks/exhaustive-deps -- what each commit added

  // A layout effect, like the elements' own: registered in the commit that mounted the list.
  useLayoutEffect(
    () =>
      onRevealEverything(() => {
        if (count < elements.length) flushSync(() => revealUpTo(elements.length));
      }),
    [count, elements], // eslint-disable-line react-hooks/exhaustive-deps -- revealUpTo is this render's; registered again with each count
  );

  return (
    <>
      {ends.map((end, i) => (
        <Chunk key={i} elements={elements} from={i ? ends[i - 1] : 0} to={end} eager={eagerFrom(i ? ends[i - 1] : 0)} grouped={grouped} />
      ))}
      {drawnByServer && count < drawnUntil ? <ShellRest elements={elements} from={count} watch={rules.longPage} onReach={onReach} /> : null}
    </>
  );
}

type ChunkProps = { elements: readonly ContentElement[]; from: number; to: number; eager: boolean; grouped: boolean };

/**
 * Elements `from` … `to` - 1 of a list; rendered once, when its chunk mounts. A page's own list (`grouped`)
 * puts them in groups the browser skips while off screen (paint/elementGroups.ts); a container's list, inside one
 * of those, draws them as they are.
 */
const Chunk = memo(function Chunk({ elements, from, to, eager, grouped }: ChunkProps) {
  const shown: ReactNode[] = [];
  if (grouped) {
    for (const group of groupsOf(elements, from, to)) shown.push(<ElementGroup key={group[0].id} elements={group} />);
  } else {
    for (let i = from; i < to; i++) shown.push(<ElementView key={elements[i].id} element={elements[i]} />);
  }
  return <EagerContext.Provider value={eager}>{shown}</EagerContext.Provider>;
});

const isUnlocked = (snapshot: { matches?: (v: string) => boolean; context?: { unlocked?: boolean } } | undefined) =>
  Boolean(snapshot?.context?.unlocked || snapshot?.matches?.('unlocked'));

function AfterBarrier({ barrierId, elements }: { barrierId: string; elements: readonly ContentElement[] }) {
  const barrier = useElementActor(barrierId);
  return barrier ? <UnlockGate barrier={barrier} elements={elements} /> : null;
}

function UnlockGate({ barrier, elements }: { barrier: AnyActorRef; elements: readonly ContentElement[] }) {
  const unlocked = useSelector(barrier, isUnlocked);
  return unlocked ? <ContentList elements={elements} /> : null;
}
