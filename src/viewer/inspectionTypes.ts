/* What src/viewer/inspection.ts records and its observer (./inspector.ts, a chunk of its own) reports. */

import type { RecordedTransition } from '../../machines/transitionRecorder';

export type { RecordedTransition };

declare global {
  interface Window {
    __lernwerkTransitions?: RecordedTransition[];
  }
}

/** A live actor as the panel lists it. */
export type LiveActor = { sessionId: string; id: string; machineId: string; state: string };
