import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Results } from '../model/results';

/** The date range the figures count (`YYYY-MM-DD` each, '' for open). */
export type ResultsRange = { from: string; to: string };

export type ResultsEvent =
  /** The teacher changed a date input: the figures of the new range are fetched. */
  | ({ type: 'range.change' } & ResultsRange)
  /** The teacher pressed the CSV download. */
  | { type: 'csv.download' }
  /** The teacher pressed Try again after an error. */
  | { type: 'retry' };

/** Why the screen shows no figures: no login (403), or a share unknown or not the teacher's (404: the server says the same). */
export type Refusal = 'login' | 'unknown';

export type ResultsContext = ResultsRange & {
  results: Results | null;
  refusal: Refusal | null;
  /** The range typed last ends before it starts: not fetched. */
  rangeInvalid: boolean;
};

/** GET /api/shares/{share}/results?from=&to=; rejects with an error carrying the HTTP `status` (the glue's). */
const loadResults = fromPromise<Results, ResultsRange>(async () => {
  throw new Error('provided by the glue');
});
/** GET …/results.csv of the same range, handed to the browser as a download (the glue's). */
const downloadCsv = fromPromise<void, ResultsRange>(async () => undefined);

const statusOf = (error: unknown): number | undefined => (typeof error === 'object' && error !== null && 'status' in error ? Number((error as { status: unknown }).status) : undefined);

/**
 * The teacher's results screen of a share (docs/results.md): loads the figures, shows them or says there are
 * none in the range, refetches when the date range changes (the figures shown stay until the new ones are
 * there), downloads the CSV of the same range, and tells a refusal (no login; a share unknown or not the
 * teacher's) from a fault, which may be tried again.
 */
export const resultsMachine = setup({
  types: {
    context: {} as ResultsContext,
    events: {} as ResultsEvent,
  },
  actors: { loadResults, downloadCsv },
  guards: {
    hasNoLearners: (_, results: Results) => results.learners.length === 0,
    isRefusal: (_, error: unknown) => statusOf(error) === 403 || statusOf(error) === 404,
    isOrderedRange: ({ event }) => event.type !== 'range.change' || !event.from || !event.to || event.from <= event.to,
  },
  actions: {
    keepResults: assign({ results: (_, results: Results) => results }),
    keepRefusal: assign({ refusal: (_, error: unknown): Refusal => (statusOf(error) === 403 ? 'login' : 'unknown') }),
    keepRange: assign(({ event }) => {
      assertEvent(event, 'range.change');
      return { from: event.from, to: event.to, rangeInvalid: false };
    }),
    markRangeInvalid: assign({ rangeInvalid: true }),
    /** The error toast: the CSV could not be downloaded. */
    notifyExportFailed: () => {},
  },
}).createMachine({
  id: 'results',
  description: 'The results screen of a share: figures of a date range, a CSV of them, refusals and faults.',
  context: { from: '', to: '', results: null, refusal: null, rangeInvalid: false },
  initial: 'loading',
  states: {
    loading: {
      description: 'The figures are on their way; nothing shown yet.',
      invoke: {
        id: 'loadResults',
        src: 'loadResults',
        input: ({ context }) => ({ from: context.from, to: context.to }),
        onDone: [
          { guard: { type: 'hasNoLearners', params: ({ event }) => event.output }, target: 'empty', actions: { type: 'keepResults', params: ({ event }) => event.output }, description: 'No learner in the range.' },
          { target: 'loaded', actions: { type: 'keepResults', params: ({ event }) => event.output }, description: 'The figures are shown.' },
        ],
        onError: [
          { guard: { type: 'isRefusal', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'refused', actions: { type: 'keepRefusal', params: ({ event }: { event: { error: unknown } }) => event.error }, description: 'No login, or a share that is unknown or not the teacher’s.' },
          { target: 'failed', description: 'No answer or a fault: the teacher may try again.' },
        ],
      },
    },
    loaded: {
      description: 'The figures of the range are shown.',
      on: {
        'range.change': [
          { guard: 'isOrderedRange', target: 'filtering', actions: 'keepRange', description: 'A new range: its figures are fetched.' },
          { actions: 'markRangeInvalid', description: 'The range ends before it starts: said at the inputs, nothing fetched.' },
        ],
        'csv.download': { target: 'exporting', description: 'The CSV of the range is fetched.' },
      },
    },
    empty: {
      description: 'No learner has worked in the range: said so; the range may change.',
      on: {
        'range.change': [
          { guard: 'isOrderedRange', target: 'filtering', actions: 'keepRange', description: 'A new range: its figures are fetched.' },
          { actions: 'markRangeInvalid', description: 'The range ends before it starts: said at the inputs, nothing fetched.' },
        ],
      },
    },
    filtering: {
      description: 'The figures of a new range are on their way; the previous ones stay shown.',
      invoke: {
        id: 'loadResults',
        src: 'loadResults',
        input: ({ context }) => ({ from: context.from, to: context.to }),
        onDone: [
          { guard: { type: 'hasNoLearners', params: ({ event }) => event.output }, target: 'empty', actions: { type: 'keepResults', params: ({ event }) => event.output }, description: 'No learner in the new range.' },
          { target: 'loaded', actions: { type: 'keepResults', params: ({ event }) => event.output }, description: 'The new range’s figures are shown.' },
        ],
        onError: [
          { guard: { type: 'isRefusal', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'refused', actions: { type: 'keepRefusal', params: ({ event }: { event: { error: unknown } }) => event.error }, description: 'Logged out or the access was withdrawn meanwhile.' },
          { target: 'failed', description: 'No answer or a fault: the teacher may try again.' },
        ],
      },
      on: {
        'range.change': [
          { guard: 'isOrderedRange', target: 'filtering', reenter: true, actions: 'keepRange', description: 'Changed again: the newest range is fetched instead.' },
          { actions: 'markRangeInvalid', description: 'The range ends before it starts: said at the inputs, the fetch under way goes on.' },
        ],
      },
    },
    exporting: {
      description: 'The CSV of the range is on its way to a download.',
      invoke: {
        id: 'downloadCsv',
        src: 'downloadCsv',
        input: ({ context }) => ({ from: context.from, to: context.to }),
        onDone: { target: 'loaded', description: 'The browser has the file.' },
        onError: { target: 'loaded', actions: 'notifyExportFailed', description: 'The CSV could not be fetched: a toast says so.' },
      },
    },
    refused: {
      description: 'Not the teacher’s results (or no login): no figures, nothing to retry.',
      type: 'final',
    },
    failed: {
      description: 'The figures could not be fetched.',
      on: { retry: { target: 'loading', description: 'Another try.' } },
    },
  },
});
