import { assign, setup } from 'xstate';
import * as z from 'zod/mini';
import type { Certificate } from '../../../model/elements';
import { reportChange, type ElementChangedEvent } from '../../../machines/elements/elementChanged';
import type { KindMachine } from '../../../machines/elements/loadedMachines';

/** An ISO date-time as `z.iso.datetime({ offset: true })` accepts it (what `toISOString()` writes). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

function isIsoDateTime(text: string): boolean {
  if (!ISO_DATE_TIME.test(text) || Number.isNaN(Date.parse(text))) return false;
  // A day that does not exist (2026-02-30) would roll over into the next month.
  const day = text.slice(0, 10);
  return new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
}

/** Learner state saved for a certificate (checked by hand: zod's ISO date-time schema costs the first route half a KiB gzip). */
export const CertificateSaved = z.object({ issueDate: z.optional(z.string().check(z.refine(isIsoDateTime))) });

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

/** The chart the viewer spawns for each element of this kind (its view's module hands it over: src/elements/registry.ts). */
export const kindMachine = { modelName: 'Certificate', machine: certificateMachine } as const satisfies KindMachine;
