import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { certificateGuards, certificateMachine, type CertificateEvent } from '../../src/kinds/certificate/certificate.machine';
import { Certificate } from '../../model/elements';
import { itWalks, pathsOf, runPath } from './walkMachine';

const element = Certificate.parse({ id: 'cert-1', modelName: 'Certificate', title: 'Certificate of completion' });
const FIRST = '2025-03-04T10:00:00.000Z';
const LATER = '2025-06-01T08:30:00.000Z';

describe('certificate guards', () => {
  it('isIssued reads the issue date; isValidDate wants an ISO date-time', () => {
    expect(certificateGuards.isIssued({ context: { id: 'c', issueDate: null } })).toBe(false);
    expect(certificateGuards.isIssued({ context: { id: 'c', issueDate: FIRST } })).toBe(true);
    expect(certificateGuards.isValidDate(FIRST)).toBe(true);
    expect(certificateGuards.isValidDate('yesterday')).toBe(false);
    // What z.iso.datetime({ offset: true }) accepted before the check was written by hand.
    for (const valid of ['2026-03-02T10:00:00Z', '2026-03-02T10:00:00.123Z', '2026-03-02T10:00:00+02:00', '2024-02-29T23:59:59-05:30']) {
      expect(certificateGuards.isValidDate(valid), valid).toBe(true);
    }
    for (const invalid of ['2026-03-02', '2026-03-02T10:00Z', '2026-03-02T10:00:00', '2026-03-02T10:00:00+0200', '2026-02-30T10:00:00Z', '2023-02-29T10:00:00Z', '2026-03-02T24:30:00Z']) {
      expect(certificateGuards.isValidDate(invalid), invalid).toBe(false);
    }
  });
});

const events: CertificateEvent[] = [
  { type: 'certificate.issue', issueDate: FIRST },
  { type: 'certificate.issue', issueDate: LATER },
  { type: 'certificate.issue', issueDate: 'not a date' },
];

describe('certificate machine, every transition walked on a real actor', () => {
  const input = { element };
  const { paths, stats } = pathsOf(certificateMachine, { input, events, key: (s) => s.context.issueDate });
  it('is issued with the first date only', () => {
    expect(stats.states).toBe(3);
    expect(paths.length).toBe(stats.transitions);
  });
  itWalks('certificate', { paths, stats }, async (path) => {
    await runPath(certificateMachine, path, input, ({ snapshot, event, previous, reports }) => {
      if (previous.value === 'issued') {
        expect(snapshot.context.issueDate).toBe(previous.context.issueDate);
        expect(reports).toEqual([]);
      } else if (event.issueDate === 'not a date') {
        expect(snapshot.value).toBe('notIssued');
      } else {
        expect(snapshot.context.issueDate).toBe(event.issueDate);
        expect(reports.map((r) => [r.field, r.value])).toEqual([['issueDate', event.issueDate]]);
      }
    });
  });
  it('restores the saved issue date and keeps it', () => {
    const actor = createActor(certificateMachine, { input: { element, saved: { issueDate: FIRST } } }).start();
    actor.send({ type: 'certificate.issue', issueDate: LATER });
    expect(actor.getSnapshot().value).toBe('issued');
    expect(actor.getSnapshot().context.issueDate).toBe(FIRST);
  });
});
