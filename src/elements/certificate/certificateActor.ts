import type { ActorRefFrom } from 'xstate';
import type { certificateMachine } from '../../../machines/elements/certificate';

/** A certificate element's actor, as the element (./Certificate.tsx) and its download (./CertificateDownload.tsx) hold it. */
export type CertificateActor = ActorRefFrom<typeof certificateMachine>;
