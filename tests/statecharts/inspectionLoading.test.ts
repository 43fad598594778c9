// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { createElement, Fragment, StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createI18n } from '../../i18n';
import type { RecordedTransition } from '../../src/viewer/inspection';
import { guardedMachine } from './fixtureMachines';
import { expectVisible } from '../support/visible';

/*
 * src/viewer/inspection.ts decides when it is first imported whether anything inspects, and loads the
 * observer (src/viewer/inspector.ts) only then. Each case imports a fresh copy; the observer's module
 * is held back behind `release` so the case controls when it arrives.
 */
async function importInspection() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const loads = vi.fn();
  vi.resetModules();
  vi.doMock('../../src/viewer/inspector', async () => {
    loads();
    await held;
    return vi.importActual('../../src/viewer/inspector');
  });
  const inspection = await import('../../src/viewer/inspection');
  return { ...inspection, release, loads };
}

afterEach(() => {
  delete window.__lernwerkTransitions;
  window.history.replaceState(null, '', '/');
  vi.doUnmock('../../src/viewer/inspector');
});

describe('inspection loads its observer only when something inspects', () => {
  it('without a recording array or ?inspect=1 the viewer runs uninspected and the observer is never loaded', async () => {
    const { viewerInspector, loads } = await importInspection();
    expect(viewerInspector).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads).not.toHaveBeenCalled();
  });

  it('records the microsteps taken before the observer arrived, in order, exactly as a live observer would', async () => {
    const record: RecordedTransition[] = [];
    window.__lernwerkTransitions = record;
    const { viewerInspector, release } = await importInspection();
    expect(viewerInspector).toBeTypeOf('function');

    const actor = createActor(guardedMachine, { inspect: viewerInspector }).start();
    actor.send({ type: 'count.add' });
    actor.send({ type: 'count.add' });
    expect(record).toEqual([]); // the observer is not there yet: the events wait

    release();
    await vi.waitFor(() => expect(record).toHaveLength(2));
    actor.send({ type: 'count.add' }); // and once it is there, events go straight through
    expect(record.map((r) => [r.machineId, r.event, r.from, r.to, r.transitions])).toEqual([
      ['counter', 'count.add', 'counting', 'counting', ['counter.counting|count.add|0']],
      ['counter', 'count.add', 'counting', 'counting', ['counter.counting|count.add|0']],
      ['counter', 'count.add', 'counting', 'full', ['counter.counting|count.add|1']],
    ]);
    actor.stop();
  });
});

describe('the inspect panel (?inspect=1, allowed in dev and test builds)', () => {
  it('shows once however many components ask for it, and goes when the last of them unmounts', async () => {
    window.history.replaceState(null, '', '/?inspect=1');
    createI18n('en');
    const { useViewerInspection, release } = await importInspection();
    release();
    const Inspected = () => {
      useViewerInspection();
      return null;
    };
    const view = (count: number) => createElement(StrictMode, null, createElement(Fragment, null, ...Array.from({ length: count }, (_, i) => createElement(Inspected, { key: i }))));

    const { rerender, unmount } = render(view(3));
    expectVisible(await screen.findByTestId('inspect-panel'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getAllByTestId('inspect-panel')).toHaveLength(1);

    rerender(view(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getAllByTestId('inspect-panel')).toHaveLength(1);

    unmount();
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('inspect-panel')).toBeNull();
  });
});
