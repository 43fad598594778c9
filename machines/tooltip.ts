import { assign, setup } from 'xstate';
import { TOOLTIP_OPEN_DELAY_MS } from '../model/constants';

export type TooltipEvent =
  /** The pointer (a mouse or a pen, not a finger) came onto a control that has a tooltip; `target` names the control. */
  | { type: 'hover.start'; target: string }
  /** The pointer left that control. */
  | { type: 'hover.end' }
  /** The control got focus from the keyboard (focus-visible). */
  | { type: 'focus.keyboard'; target: string }
  /** The focused control lost focus. */
  | { type: 'focus.end' }
  /** Escape, a press, a scroll: the tooltip goes at once. */
  | { type: 'dismiss' };

/**
 * The tooltip of the page's icon-only controls (spec section 9: it opens after 500 ms of hover, at
 * once on keyboard focus). One tooltip for the whole page: the control it names is `target`.
 */
export const tooltipMachine = setup({
  types: {
    context: {} as { target: string | null },
    events: {} as TooltipEvent,
  },
  actions: {
    takeTarget: assign({ target: ({ event }) => ('target' in event ? event.target : null) }),
    forgetTarget: assign({ target: null }),
  },
  delays: {
    openDelay: TOOLTIP_OPEN_DELAY_MS,
  },
}).createMachine({
  id: 'tooltip',
  description: 'The one tooltip naming the icon-only control under the pointer or in keyboard focus.',
  context: { target: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'No tooltip shows.',
      entry: 'forgetTarget',
      on: {
        'hover.start': { target: 'waiting', actions: 'takeTarget', description: 'The pointer rests on a control: its tooltip waits for the open delay.' },
        'focus.keyboard': { target: 'open', actions: 'takeTarget', description: 'Keyboard focus shows the tooltip at once.' },
      },
    },
    waiting: {
      description: 'The pointer is on a control; its tooltip opens after 500 ms.',
      after: { openDelay: { target: 'open', description: 'The pointer stayed long enough.' } },
      on: {
        'hover.start': { target: 'waiting', reenter: true, actions: 'takeTarget', description: 'On to another control: its own wait starts.' },
        'hover.end': { target: 'closed', description: 'The pointer left before the delay.' },
        'focus.keyboard': { target: 'open', actions: 'takeTarget', description: 'Keyboard focus shows the tooltip at once.' },
        dismiss: { target: 'closed', description: 'Escape, a press or a scroll: no tooltip.' },
      },
    },
    open: {
      description: 'The tooltip shows beside its control, at least 20 px from the viewport’s edge.',
      on: {
        'hover.start': { target: 'open', actions: 'takeTarget', description: 'A tooltip is showing: the next control’s shows at once.' },
        'focus.keyboard': { target: 'open', actions: 'takeTarget', description: 'Focus moved on by keyboard: the next control’s shows.' },
        'hover.end': { target: 'closed', description: 'The pointer left the control.' },
        'focus.end': { target: 'closed', description: 'The control lost focus.' },
        dismiss: { target: 'closed', description: 'Escape, a press or a scroll dismisses it.' },
      },
    },
  },
});
