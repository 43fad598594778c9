import { describe, expect, it, vi } from 'vitest';
import { onAnnotationsPanelRequest, requestAnnotationsPanel } from '../../src/annotations/panelRequest';

/* The header's Annotations button and the lazily loaded annotation layer (src/annotations/panelRequest.ts). */
describe('the Annotations button before and after the annotation layer listens', () => {
  it('a press before the layer listens is delivered once, when it listens', () => {
    requestAnnotationsPanel();
    const first = vi.fn();
    const stop = onAnnotationsPanelRequest(first);
    expect(first).toHaveBeenCalledTimes(1);
    stop();
    // Delivered already: a layer listening again (another material) does not open it a second time.
    const second = vi.fn();
    const stopSecond = onAnnotationsPanelRequest(second);
    expect(second).not.toHaveBeenCalled();
    stopSecond();
  });

  it('a press while the layer listens goes to it at once, and is not kept', () => {
    const listener = vi.fn();
    const stop = onAnnotationsPanelRequest(listener);
    requestAnnotationsPanel();
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    const later = vi.fn();
    onAnnotationsPanelRequest(later)();
    expect(later).not.toHaveBeenCalled();
  });
});
