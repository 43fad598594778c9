// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_THRESHOLD_PX } from '../../model/constants';
import Tooltips from '../../src/ui/Tooltips';
import { placeTooltip, TOOLTIP_GAP_PX } from '../../src/ui/tooltipPlacement';
import { withTooltip } from '../../src/ui/withTooltip';

afterEach(() => vi.useRealTimers());

const viewport = { width: 400, height: 300 };
const size = { width: 100, height: 24 };

describe('where a tooltip goes', () => {
  it('centred below its control', () => {
    expect(placeTooltip({ left: 150, top: 50, width: 40, height: 40 }, size, viewport)).toEqual({ left: 120, top: 90 + TOOLTIP_GAP_PX, side: 'below' });
  });

  it(`never nearer than ${TOOLTIP_THRESHOLD_PX} px to the viewport's sides`, () => {
    expect(placeTooltip({ left: 0, top: 10, width: 36, height: 36 }, size, viewport).left).toBe(TOOLTIP_THRESHOLD_PX);
    expect(placeTooltip({ left: 380, top: 10, width: 20, height: 20 }, size, viewport).left).toBe(viewport.width - TOOLTIP_THRESHOLD_PX - size.width);
  });

  it('above its control when there is no room below, and below again when there is none above either', () => {
    expect(placeTooltip({ left: 150, top: 250, width: 40, height: 40 }, size, viewport)).toEqual({ left: 120, top: 250 - TOOLTIP_GAP_PX - size.height, side: 'above' });
    expect(placeTooltip({ left: 150, top: 10, width: 40, height: 280 }, size, viewport).side).toBe('below');
  });
});

describe('the tooltip of icon-only controls', () => {
  function page() {
    vi.useFakeTimers();
    const view = render(
      <>
        <Tooltips />
        <button type="button" aria-label="Suche" {...withTooltip}>
          <svg />
        </button>
        <button type="button" aria-label="Notizen" {...withTooltip} />
        <p>text</p>
      </>,
    );
    const [search, notes] = screen.getAllByRole('button');
    return { ...view, search, notes, text: screen.getByText('text') };
  }
  const pointer = (type: string, target: Element, init: PointerEventInit = {}) =>
    act(() => {
      target.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerType: 'mouse', ...init }));
    });
  const tooltip = () => screen.queryByTestId('tooltip');

  it(`names the control under the mouse after ${TOOLTIP_OPEN_DELAY_MS} ms, hidden from assistive technology; the next control's shows at once`, async () => {
    const { search, notes, text, unmount } = page();
    pointer('pointerover', search.querySelector('svg')!);
    await act(() => vi.advanceTimersByTimeAsync(TOOLTIP_OPEN_DELAY_MS - 1));
    expect(tooltip()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(tooltip()?.textContent).toBe('Suche');
    expect(tooltip()?.getAttribute('aria-hidden')).toBe('true');
    pointer('pointerover', notes);
    expect(tooltip()?.textContent).toBe('Notizen');
    pointer('pointerover', text);
    expect(tooltip()).toBeNull();
    unmount();
  });

  it('shows at once on keyboard focus, not on focus after a press; Escape, a press and leaving the window dismiss it; a finger shows none', async () => {
    const { search, notes, unmount } = page();
    const tab = () =>
      act(() => {
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
      });
    tab();
    act(() => search.focus());
    expect(tooltip()?.textContent).toBe('Suche');
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(tooltip()).toBeNull();
    tab();
    act(() => notes.focus());
    expect(tooltip()?.textContent).toBe('Notizen');
    act(() => notes.blur());
    expect(tooltip()).toBeNull();

    pointer('pointerover', search);
    await act(() => vi.advanceTimersByTimeAsync(TOOLTIP_OPEN_DELAY_MS));
    expect(tooltip()?.textContent).toBe('Suche');
    pointer('pointerdown', search);
    expect(tooltip()).toBeNull();
    // Focus that follows a press is not the keyboard's: no tooltip.
    act(() => search.focus());
    expect(tooltip()).toBeNull();
    pointer('pointerover', notes);
    await act(() => vi.advanceTimersByTimeAsync(TOOLTIP_OPEN_DELAY_MS));
    act(() => {
      window.dispatchEvent(new FocusEvent('blur'));
    });
    expect(tooltip()).toBeNull();

    pointer('pointerover', document.body);
    pointer('pointerover', search, { pointerType: 'touch' });
    await act(() => vi.advanceTimersByTimeAsync(TOOLTIP_OPEN_DELAY_MS));
    expect(tooltip()).toBeNull();
    unmount();
  });
});
