/*
 * The order in which a long page mounts: the first elements of every list render before the first
 * paint, the rest in chunks, one chunk per task, so the browser paints, answers input and lays out
 * between them. Lists queue their chunks here; they run first come, first served. The chunk size
 * adapts to how long the last one took, aiming at tasks well below the 50 ms of a long task.
 */

/** Elements of a list rendered before the first paint. */
export const FIRST_CHUNK = 12;
const MIN_CHUNK = 8;
const MAX_CHUNK = 400;
/** A chunk should render, commit and lay out within this many ms. */
const CHUNK_BUDGET_MS = 24;

type Job = () => void;

const queue: Job[] = [];
let scheduled = false;
let chunkSize = 24;
let everything = false;
const revealAllListeners = new Set<() => void>();

function runNext() {
  scheduled = false;
  const job = queue.shift();
  if (job) job();
  if (queue.length) schedule();
}

/**
 * One job per task: a message to ourselves runs after rendering and input, unlike a microtask, and is
 * not throttled like setTimeout. One channel for the module's lifetime: a channel made per message and
 * referenced by nothing may be garbage-collected with its message undelivered, and then no chunk ever
 * ran again (seen on 5,000-element pages).
 */
let channel: MessageChannel | null = null;
function schedule() {
  if (scheduled) return;
  scheduled = true;
  if (typeof MessageChannel !== 'function') {
    setTimeout(runNext, 0);
    return;
  }
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = runNext;
  }
  channel.port2.postMessage(null);
}

/** Queues the next chunk of a list; the returned function takes it back (the list unmounted). */
export function queueChunk(job: Job): () => void {
  queue.push(job);
  schedule();
  return () => {
    const at = queue.indexOf(job);
    if (at >= 0) queue.splice(at, 1);
  };
}

/** How many elements the next chunk renders. */
export function nextChunkSize(): number {
  return everything ? Number.POSITIVE_INFINITY : chunkSize;
}

/**
 * Tells the scheduler how long the last chunk took, from the start of its task to its commit: the
 * next chunk is sized by the cost per element seen so far, half way from the current size.
 */
export function chunkTook(ms: number, elements: number): void {
  if (!Number.isFinite(elements) || elements <= 0) return;
  const perElement = Math.max(ms, 0.1) / elements;
  const fitting = CHUNK_BUDGET_MS / perElement;
  chunkSize = Math.round(Math.min(MAX_CHUNK, Math.max(MIN_CHUNK, (chunkSize + fitting) / 2)));
}

/**
 * Renders every list to its end at once (before printing, say): listeners reveal all their
 * elements synchronously. Chunks queued later render whole as well.
 */
export function revealEverything(): void {
  everything = true;
  for (const listener of [...revealAllListeners]) listener();
}

export function onRevealEverything(listener: () => void): () => void {
  revealAllListeners.add(listener);
  return () => revealAllListeners.delete(listener);
}

/** Whether every list renders whole (after a print, say). */
export function revealingEverything(): boolean {
  return everything;
}
