import { useEffect } from 'react';
import { useProgress } from '../elements/viewerContext';
import { PROGRESS_MESSAGE_TYPE } from '../../model/progressMessage';
import type { Material } from '../../model/material';

/**
 * Posts the material's progress to the host page when the viewer runs in a frame. The message
 * carries the value only: no name, email or guest id.
 */
export function useHostProgress(progress: number) {
  useEffect(() => {
    if (window.parent === window) return;
    window.parent.postMessage({ type: PROGRESS_MESSAGE_TYPE, value: progress }, '*');
  }, [progress]);
}

/** Posts the material's progress to a framing host; renders nothing, so progress re-renders nothing else. */
export function HostProgress({ material }: { material: Material }) {
  useHostProgress(useProgress(material));
  return null;
}
export { PROGRESS_MESSAGE_TYPE };
