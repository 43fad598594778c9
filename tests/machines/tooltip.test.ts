import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { TOOLTIP_OPEN_DELAY_MS } from '../../machines/constants';
import { tooltipMachine, type TooltipEvent } from '../../machines/tooltip';
import { describeEvent, printStats } from './walkMachine';

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
const key = (snapshot: SnapshotFrom<typeof tooltipMachine>) => JSON.stringify([snapshot.value, snapshot.context.target]);

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
    const paths = getShortestPaths(tooltipMachine, { events, serializeState: key as never });
    const walked = new Set<string>();
    for (const path of paths) {
      for (const ending of endings) {
        const name = [...path.steps.slice(1).map((s) => describeEvent(s.event)), describeEvent(ending)].join(' → ');
        it(name, () => {
          vi.useFakeTimers();
          const actor = createActor(tooltipMachine).start();
          for (const step of path.steps.slice(1)) actor.send(step.event);
          const before = actor.getSnapshot();
          expect(key(before)).toBe(key(path.state));
          if (ending.type === 'xstate.after.openDelay') vi.advanceTimersByTime(TOOLTIP_OPEN_DELAY_MS);
          else actor.send(ending as TooltipEvent);
          const after = actor.getSnapshot();
          const expected = model(before.value as State, before.context.target, ending) ?? { state: before.value as State, target: before.context.target };
          expect({ state: after.value, target: after.context.target }).toEqual(expected);
          if (model(before.value as State, before.context.target, ending)) walked.add(`${String(before.value)} ${ending.type}`);
        });
      }
    }
    it('walked every transition of the model', () => {
      const all = [
        'closed hover.start', 'closed focus.keyboard',
        'waiting xstate.after.openDelay', 'waiting hover.start', 'waiting hover.end', 'waiting focus.keyboard', 'waiting dismiss',
        'open hover.start', 'open focus.keyboard', 'open hover.end', 'open focus.end', 'open dismiss',
      ];
      expect([...walked].sort()).toEqual(all.sort());
      printStats('tooltip', { states: 3, transitions: all.length, paths: paths.length * endings.length });
    });
  });
});
