import type { ActorRefFrom } from 'xstate';
import type { certificateMachine } from './certificate.machine';

/** A certificate element's actor, as the element (./Certificate.tsx) and its download (./CertificateDownload.tsx) hold it. */
export type CertificateActor = ActorRefFrom<typeof certificateMachine>;
