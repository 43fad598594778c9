/*
 * Which components React rendered, commit by commit, read the way React's developer tools read it:
 * through the global hook React DOM reports every commit to. tests/setup.ts installs the hook
 * before React DOM loads (it must exist when React DOM starts). A component counts as rendered in
 * a commit when it mounted or did work (the PerformedWork flag); subtrees React bailed out of
 * (their child fibers are the previous commit's) are not walked.
 */

type Fiber = {
  tag: number;
  type: unknown;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
  return: Fiber | null;
  alternate: Fiber | null;
  memoizedProps: Record<string, unknown> | null;
};

/** One component that rendered: its name and the model id of the content element it belongs to, if any. */
export type RenderedComponent = { name: string; elementId: string | null; parent: string };

const PERFORMED_WORK = 1;
// Function, class, forwardRef, memo and simple-memo components: the ones that run user code.
const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);

type Listener = (root: { current: Fiber }) => void;
const listeners = new Set<Listener>();

/** Installs the hook; call before React DOM is imported. */
export function installRenderHook(): void {
  const global = globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };
  if (global.__REACT_DEVTOOLS_GLOBAL_HOOK__) return;
  let ids = 0;
  global.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => ++ids,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      for (const listener of listeners) listener(root);
    },
    onPostCommitFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
  };
}

function nameOf(fiber: Fiber): string {
  const type = fiber.type as { displayName?: string; name?: string; type?: { name?: string; displayName?: string }; render?: { name?: string } } | null;
  return type?.displayName || type?.name || type?.type?.displayName || type?.type?.name || type?.render?.name || 'Anonymous';
}

/** The content element a fiber sits in: the nearest ElementView above it (or itself). */
function elementIdOf(fiber: Fiber): string | null {
  for (let at: Fiber | null = fiber; at; at = at.return) {
    if (COMPONENT_TAGS.has(at.tag) && nameOf(at) === 'ElementView') {
      const element = at.memoizedProps?.element as { id?: string } | undefined;
      return element?.id ?? null;
    }
  }
  return null;
}

/** The nearest named component above a fiber (to tell anonymous ones apart). */
function parentOf(fiber: Fiber): string {
  for (let at = fiber.return; at; at = at.return) if (COMPONENT_TAGS.has(at.tag) && nameOf(at) !== 'Anonymous') return nameOf(at);
  return '';
}

function collect(fiber: Fiber | null, into: RenderedComponent[]): void {
  for (let at = fiber; at; at = at.sibling) {
    const mounted = at.alternate === null;
    if (COMPONENT_TAGS.has(at.tag) && (mounted || (at.flags & PERFORMED_WORK) !== 0)) into.push({ name: nameOf(at), elementId: elementIdOf(at), parent: parentOf(at) });
    // A bailed-out subtree keeps the previous commit's child fibers: nothing below it rendered.
    if (mounted || at.child !== at.alternate?.child) collect(at.child, into);
  }
}

/** Records every component rendered until `stop()`; the result lists one entry per render. */
export function recordRenders(): { stop: () => RenderedComponent[] } {
  const rendered: RenderedComponent[] = [];
  const listener: Listener = (root) => collect(root.current.child, rendered);
  listeners.add(listener);
  return {
    stop: () => {
      listeners.delete(listener);
      return rendered;
    },
  };
}
