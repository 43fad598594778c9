import { assign, setup } from 'xstate';
import * as z from 'zod/mini';
import type { Certificate } from '../../src/model/elements';
import { reportChange, type ElementChangedEvent } from './elementChanged';

/** Learner state saved for a certificate. */
export const CertificateSaved = z.object({ issueDate: z.optional(z.iso.datetime({ offset: true })) });

export type CertificateInput = { element: Certificate; saved?: unknown };

export type CertificateContext = {
  id: string;
  /** ISO date-time of the first issue; set once, never changed. */
  issueDate: string | null;
};

export type CertificateEvent =
  /**
   * Issue it: it became visible to a learner who receives it on sight (guest session saved, or
   * logged in), or an anonymous visitor downloads it for the first time.
   */
  { type: 'certificate.issue'; issueDate: string };

export const certificateGuards = {
  isIssued: ({ context }: { context: CertificateContext }) => context.issueDate !== null,
  isValidDate: (issueDate: string) => CertificateSaved.shape.issueDate.safeParse(issueDate).success,
};

/** A certificate: issued once, on first sight; the download needs the issue date. */
export const certificateMachine = setup({
  types: {
    input: {} as CertificateInput,
    context: {} as CertificateContext,
    events: {} as CertificateEvent,
    emitted: {} as ElementChangedEvent,
  },
  guards: {
    isIssued: certificateGuards.isIssued,
    isValidDate: ({ event }) => certificateGuards.isValidDate(event.issueDate),
  },
  actions: {
    report: reportChange<CertificateContext, CertificateEvent>(),
    setIssueDate: assign({ issueDate: ({ event }) => event.issueDate }),
  },
}).createMachine({
  id: 'certificate',
  description: 'Not issued until first seen by a learner who may receive it; then issued for good.',
  initial: 'restoring',
  context: ({ input }) => {
    const restored = CertificateSaved.safeParse(input.saved ?? {});
    return { id: input.element.id, issueDate: restored.success ? (restored.data.issueDate ?? null) : null };
  },
  states: {
    restoring: {
      description: 'Picks the saved state once, at start.',
      always: [{ guard: 'isIssued', target: 'issued' }, { target: 'notIssued' }],
    },
    notIssued: {
      description: 'No issue date: the download is not possible yet.',
      on: {
        'certificate.issue': {
          guard: 'isValidDate',
          target: 'issued',
          actions: ['setIssueDate', { type: 'report', params: ({ context }) => ({ id: context.id, field: 'issueDate', value: context.issueDate }) }],
          description: 'Set the issue date (first time only).',
        },
      },
    },
    issued: {
      description: 'The issue date is fixed; later issue events change nothing.',
      tags: ['complete'],
    },
  },
});
