// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { StrictMode, useRef, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { overlaysMachine, type DismissReason, type OverlayGroup } from '../../machines/overlays';
import { OverlayProvider } from '../../src/ui/OverlayProvider';
import { useOverlay } from '../../src/ui/useOverlay';
import { renderElement } from '../elements/static/renderElement';

type PopupProps = { id: string; group: OverlayGroup; withRefs?: boolean; onDismiss?: (reason: DismissReason) => void };

/** A trigger and the panel it toggles, as a dropdown or dialog would use the hook. */
function Popup({ id, group, withRefs = true, onDismiss }: PopupProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const { isOpen, open, close } = useOverlay(id, group, { refs: withRefs ? [trigger, panel] : undefined, onDismiss });
  return (
    <div>
      <button ref={trigger} type="button" aria-expanded={isOpen} onClick={() => (isOpen ? close() : open())}>
        {`toggle ${id}`}
      </button>
      {isOpen ? (
        <div ref={panel} role="dialog" aria-label={id}>
          <button type="button">{`inside ${id}`}</button>
          <button type="button" onClick={close}>{`close ${id}`}</button>
        </div>
      ) : null}
    </div>
  );
}

function renderStack(children: ReactNode, strict = false) {
  const actor = createActor(overlaysMachine).start();
  const tree = (
    <OverlayProvider actor={actor}>
      {children}
      <p>page text</p>
    </OverlayProvider>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  const stack = () => actor.getSnapshot().context.stack.map((open) => open.id);
  return { actor, stack };
}

const toggle = (id: string) => fireEvent.click(screen.getByRole('button', { name: `toggle ${id}` }));
const isShown = (id: string) => screen.queryByRole('dialog', { name: id }) !== null;
const pressOn = (element: Element) => fireEvent.pointerDown(element);
const escape = (target: Element = document.body) => fireEvent.keyDown(target, { key: 'Escape' });

describe.each([
  { mode: 'normal', strict: false },
  { mode: 'strict', strict: true },
])('useOverlay ($mode mode)', ({ strict }) => {
  it('only one overlay per group: opening another dropdown dismisses the open one', () => {
    const dismissed: [string, DismissReason][] = [];
    const { stack } = renderStack(
      <>
        <Popup id="menu" group="dropdown" onDismiss={(reason) => dismissed.push(['menu', reason])} />
        <Popup id="sort" group="dropdown" onDismiss={(reason) => dismissed.push(['sort', reason])} />
        <Popup id="confirm" group="dialog" />
      </>,
      strict,
    );
    toggle('menu');
    toggle('confirm');
    expect([isShown('menu'), isShown('confirm')]).toEqual([true, true]);
    toggle('sort');
    expect([isShown('menu'), isShown('sort'), isShown('confirm')]).toEqual([false, true, true]);
    expect(stack()).toEqual(['confirm', 'sort']);
    expect(dismissed).toEqual([['menu', 'replaced']]);
  });

  it('Escape closes the topmost overlay, then the next', () => {
    const dismissed: string[] = [];
    renderStack(
      <>
        <Popup id="confirm" group="dialog" onDismiss={(reason) => dismissed.push(`confirm:${reason}`)} />
        <Popup id="menu" group="dropdown" onDismiss={(reason) => dismissed.push(`menu:${reason}`)} />
      </>,
      strict,
    );
    toggle('confirm');
    toggle('menu');
    escape(screen.getByRole('button', { name: 'inside menu' }));
    expect([isShown('confirm'), isShown('menu')]).toEqual([true, false]);
    escape();
    expect(isShown('confirm')).toBe(false);
    expect(dismissed).toEqual(['menu:escape', 'confirm:escape']);
  });

  it('an Escape a component inside already handled closes nothing', () => {
    renderStack(<Popup id="menu" group="dropdown" />, strict);
    toggle('menu');
    const inside = screen.getByRole('button', { name: 'inside menu' });
    inside.addEventListener('keydown', (event) => event.preventDefault(), { once: true });
    escape(inside);
    expect(isShown('menu')).toBe(true);
    escape(inside);
    expect(isShown('menu')).toBe(false);
  });

  it('a press outside closes only the topmost; presses inside it or on its trigger do not', () => {
    const dismissed: string[] = [];
    renderStack(
      <>
        <Popup id="confirm" group="dialog" onDismiss={(reason) => dismissed.push(`confirm:${reason}`)} />
        <Popup id="menu" group="dropdown" onDismiss={(reason) => dismissed.push(`menu:${reason}`)} />
      </>,
      strict,
    );
    toggle('confirm');
    toggle('menu');
    pressOn(screen.getByRole('button', { name: 'inside menu' }));
    expect(isShown('menu')).toBe(true);
    // the trigger toggles: its press is not outside, so the click closes instead of reopening
    pressOn(screen.getByRole('button', { name: 'toggle menu' }));
    toggle('menu');
    expect(isShown('menu')).toBe(false);
    toggle('menu');
    pressOn(screen.getByRole('button', { name: 'inside confirm' }));
    expect([isShown('confirm'), isShown('menu')]).toEqual([true, false]);
    pressOn(screen.getByText('page text'));
    expect(isShown('confirm')).toBe(false);
    expect(dismissed).toEqual(['menu:outsideClick', 'confirm:outsideClick']);
  });

  it('a press on a control that stops its propagation (as react-aria buttons do) still closes', () => {
    renderStack(
      <>
        <Popup id="menu" group="dropdown" />
        <button type="button" onPointerDown={(event) => event.stopPropagation()}>
          page button
        </button>
      </>,
      strict,
    );
    toggle('menu');
    pressOn(screen.getByRole('button', { name: 'page button' }));
    expect(isShown('menu')).toBe(false);
  });

  it('without refs a press never counts as outside', () => {
    renderStack(<Popup id="sidebar" group="sidebar" withRefs={false} />, strict);
    toggle('sidebar');
    pressOn(screen.getByText('page text'));
    expect(isShown('sidebar')).toBe(true);
    escape();
    expect(isShown('sidebar')).toBe(false);
  });

  it('its owner closing it dismisses nothing; it opens again', () => {
    const onDismiss = vi.fn();
    const { stack } = renderStack(<Popup id="menu" group="dropdown" onDismiss={onDismiss} />, strict);
    toggle('menu');
    fireEvent.click(screen.getByRole('button', { name: 'close menu' }));
    expect(isShown('menu')).toBe(false);
    expect(onDismiss).not.toHaveBeenCalled();
    toggle('menu');
    expect(stack()).toEqual(['menu']);
  });
});

describe('overlay stacks', () => {
  it('an unmounted overlay leaves the stack', () => {
    const actor = createActor(overlaysMachine).start();
    const { rerender } = render(
      <OverlayProvider actor={actor}>
        <Popup id="menu" group="dropdown" />
      </OverlayProvider>,
    );
    toggle('menu');
    expect(actor.getSnapshot().context.stack).toEqual([{ id: 'menu', group: 'dropdown' }]);
    rerender(<OverlayProvider actor={actor}>{null}</OverlayProvider>);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('each provider is its own stack; a provider without an actor starts one', () => {
    render(
      <>
        <OverlayProvider>
          <Popup id="left" group="dropdown" />
        </OverlayProvider>
        <OverlayProvider>
          <Popup id="right" group="dropdown" />
        </OverlayProvider>
      </>,
    );
    toggle('left');
    toggle('right');
    expect([isShown('left'), isShown('right')]).toEqual([true, true]);
  });

  it.each([false, true])('a provider without an actor starts its stack with the first overlay, listens while mounted and stops it when gone (strict: %s)', async (strict) => {
    const page = (withPopup: boolean) => (
      <OverlayProvider>
        {withPopup ? <Popup id="menu" group="dropdown" /> : null}
        <p>page text</p>
      </OverlayProvider>
    );
    const { rerender, unmount } = render(strict ? <StrictMode>{page(false)}</StrictMode> : page(false));
    // An overlay appearing later makes the stack then; Escape and presses outside reach it.
    rerender(strict ? <StrictMode>{page(true)}</StrictMode> : page(true));
    toggle('menu');
    expect(isShown('menu')).toBe(true);
    escape();
    expect(isShown('menu')).toBe(false);
    toggle('menu');
    pressOn(screen.getByText('page text'));
    expect(isShown('menu')).toBe(false);
    const stop = vi.spyOn(Object.getPrototypeOf(createActor(overlaysMachine)), 'stop');
    unmount();
    await Promise.resolve();
    expect(stop).toHaveBeenCalledTimes(1);
    stop.mockRestore();
  });

  it('without a provider one stack for the document stands in', () => {
    render(
      <>
        <Popup id="a" group="dialog" />
        <Popup id="b" group="dialog" />
      </>,
    );
    toggle('a');
    toggle('b');
    expect([isShown('a'), isShown('b')]).toEqual([false, true]);
    escape();
    expect(isShown('b')).toBe(false);
  });

  it('the hotspot popup is an overlay: another dropdown opening closes it', () => {
    const actor = createActor(overlaysMachine).start();
    const { root } = renderElement(
      {
        id: 'hs-1',
        modelName: 'Hotspot',
        asset: { file: 'karte.png' },
        elements: [{ id: 'zh', x: 0.5, y: 0.5, title: 'Zürich', content: '<p>Stadt</p>' }],
      },
      {
        wrap: (node) => (
          <OverlayProvider actor={actor}>
            {node}
            <Popup id="menu" group="dropdown" />
          </OverlayProvider>
        ),
      },
    );
    fireEvent.click(root.querySelector('button[data-state]')!);
    expect(actor.getSnapshot().context.stack).toEqual([{ id: 'hotspot:hs-1', group: 'dropdown' }]);
    toggle('menu');
    expect(root.querySelector('[role="dialog"]')).toBeNull();
    expect(root.querySelector('button[data-state]')?.getAttribute('data-state')).toBe('closed');
    expect(actor.getSnapshot().context.stack).toEqual([{ id: 'menu', group: 'dropdown' }]);
  });
});
