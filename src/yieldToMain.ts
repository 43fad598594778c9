type YieldingScheduler = { yield?: () => Promise<void> };

/**
 * Ends the current task and resumes in a new one, so that input, rendering and the page's other work can
 * run in between: the steps of the app's start are each well below a long task (50 ms) on a slow phone.
 * Where the browser has `scheduler.yield` the continuation goes ahead of other queued tasks.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
