import type { SnapshotFrom } from 'xstate';
import type { certificateMachine } from './certificate.machine';

/** The certificate's view: its issue date, once issued. */
export function connectCertificate(snapshot: SnapshotFrom<typeof certificateMachine>) {
  const { issueDate } = snapshot.context;
  return { issueDate, dataState: issueDate ? ('issued' as const) : ('notIssued' as const) };
}
