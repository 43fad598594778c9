import { act } from '@testing-library/react';
import { fromPromise } from 'xstate';
import type { FeedbackRequest, FeedbackResult } from '../../src/kinds/freeText/freeText.machine';

type Call = { request: FeedbackRequest; resolve: (result: FeedbackResult) => void; reject: (error: unknown) => void };

/**
 * A stand-in for the free-text feedback call (the viewer's `services.generateFeedback`): each call
 * waits until the test answers it, so the element stays in "evaluating" as long as the test wants.
 */
export function feedbackDouble() {
  const calls: FeedbackRequest[] = [];
  let pending: Call | null = null;
  const logic = fromPromise<FeedbackResult, FeedbackRequest>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        calls.push(input);
        pending = { request: input, resolve, reject };
      }),
  );
  const settle = async (settleCall: (call: Call) => void) => {
    const call = pending;
    if (!call) throw new Error('no feedback call is waiting');
    pending = null;
    await act(async () => {
      settleCall(call);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  };
  return {
    logic,
    /** Every request made so far. */
    calls,
    isWaiting: () => pending !== null,
    answer: (result: FeedbackResult) => settle((call) => call.resolve(result)),
    fail: (error: unknown) => settle((call) => call.reject(error)),
  };
}
