import { fromCallback } from 'xstate';

/** Stands in for a listener of machines/signals/ in tests without a DOM: the test sends the browser's events itself. */
export const silentSignals = <TInput = void>() => fromCallback<{ type: string }, TInput>(() => {});

/** The tracking chart's listeners (connection, visibility, leaving), silent: the test sends those events itself. */
export const silentTrackingSignals = () => ({
  connectionSignals: silentSignals<{ online: boolean }>(),
  visibilitySignals: silentSignals<unknown>(),
  pageLeaveSignal: silentSignals<unknown>(),
});
