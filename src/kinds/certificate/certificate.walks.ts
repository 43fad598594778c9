import { Certificate } from '../../../model/elements';
import { variant, type WalkVariants } from '../../../scripts/statecharts/walkVariant';
import { certificateMachine } from './certificate.machine';

const certificate = Certificate.parse({ id: 'cert-1', modelName: 'Certificate', title: 'Certificate of completion' });
const certificateEvents = [
  { type: 'certificate.issue' as const, issueDate: '2025-03-04T10:00:00.000Z' },
  { type: 'certificate.issue' as const, issueDate: '2025-06-01T08:30:00.000Z' },
  { type: 'certificate.issue' as const, issueDate: 'not a date' },
];

/** Walk variants of the certificate's chart (scripts/statecharts/walkConfigs.ts collects them). */
export const walks: WalkVariants = {
  certificate: [
    variant(certificateMachine, 'fresh', { input: { element: certificate }, events: certificateEvents, key: (s) => s.context.issueDate }),
    variant(certificateMachine, 'saved as issued', {
      input: { element: certificate, saved: { issueDate: '2025-03-04T10:00:00.000Z' } },
      events: [],
      key: (s) => s.context.issueDate,
    }),
  ],
};
