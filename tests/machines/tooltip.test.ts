import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { TOOLTIP_OPEN_DELAY_MS } from '../../model/constants';
import { tooltipMachine, type TooltipEvent } from '../../machines/tooltip';
import { describeEvent, itWalks, pathsOf } from './walkMachine';

afterEach(() => vi.useRealTimers());

type State = 'closed' | 'waiting' | 'open';
type Ending = TooltipEvent | { type: 'xstate.after.openDelay' };
/** The model: where each event leads from each state, and which control the tooltip then names (events not listed are ignored). */
function model(from: State, target: string | null, event: Ending): { state: State; target: string | null } | null {
  const named = 'target' in event ? event.target : null;
  switch (`${from} ${event.type}`) {
    case 'closed hover.start':
      return { state: 'waiting', target: named };
    case 'closed focus.keyboard':
    case 'waiting focus.keyboard':
    case 'open focus.keyboard':
    case 'open hover.start':
      return { state: 'open', target: named };
    case 'waiting hover.start':
      return { state: 'waiting', target: named };
    case 'waiting xstate.after.openDelay':
      return { state: 'open', target };
    case 'waiting hover.end':
    case 'waiting dismiss':
    case 'open hover.end':
    case 'open focus.end':
    case 'open dismiss':
      return { state: 'closed', target: null };
    default:
      return null;
  }
}

const events: TooltipEvent[] = [
  { type: 'hover.start', target: 'back' },
  { type: 'hover.start', target: 'search' },
  { type: 'hover.end' },
  { type: 'focus.keyboard', target: 'back' },
  { type: 'focus.keyboard', target: 'search' },
  { type: 'focus.end' },
  { type: 'dismiss' },
];
const endings: Ending[] = [...events, { type: 'xstate.after.openDelay' }];

describe('tooltipMachine', () => {
  it(`opens after ${TOOLTIP_OPEN_DELAY_MS} ms on the control the pointer rests on, and the delay starts anew on the next control`, () => {
    vi.useFakeTimers();
    const actor = createActor(tooltipMachine).start();
    actor.send({ type: 'hover.start', target: 'back' });
    vi.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS - 100);
    actor.send({ type: 'hover.start', target: 'search' });
    vi.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('waiting');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot()).toMatchObject({ value: 'open', context: { target: 'search' } });
  });

  describe('model walk: to every state by its shortest path, then every event from there, checked against the model', () => {
    const { paths, stats } = pathsOf(tooltipMachine, { input: undefined, events: endings as TooltipEvent[], key: (s) => s.context.target, kind: 'shortest' });
    const walks = paths.flatMap((path) => endings.map((ending) => ({ path, ending, name: [...path.steps.slice(1).map((s) => describeEvent(s.event)), describeEvent(ending)].join(' → ') })));
    const walked = new Set<string>();
    const send = (actor: ReturnType<typeof createActor<typeof tooltipMachine>>, event: Ending) => {
      if (event.type === 'xstate.after.openDelay') vi.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS);
      else actor.send(event as TooltipEvent);
    };
    itWalks('tooltip', { paths: walks, stats: { ...stats, paths: walks.length } }, ({ path, ending }) => {
      vi.useFakeTimers();
      const actor = createActor(tooltipMachine).start();
      for (const step of path.steps.slice(1)) send(actor, step.event);
      const before = actor.getSnapshot();
      send(actor, ending);
      const after = actor.getSnapshot();
      const expected = model(before.value as State, before.context.target, ending) ?? { state: before.value as State, target: before.context.target };
      expect({ state: after.value, target: after.context.target }).toEqual(expected);
      if (model(before.value as State, before.context.target, ending)) walked.add(`${String(before.value)} ${ending.type}`);
      actor.stop();
    });
    it('walked every transition of the model', () => {
      const all = [
        'closed hover.start', 'closed focus.keyboard',
        'waiting xstate.after.openDelay', 'waiting hover.start', 'waiting hover.end', 'waiting focus.keyboard', 'waiting dismiss',
        'open hover.start', 'open focus.keyboard', 'open hover.end', 'open focus.end', 'open dismiss',
      ];
      expect([...walked].sort()).toEqual(all.sort());
    });
  });
});
