/** The attribute a stand-in part and the woken element's control share (src/elements/dormant/pressReplay.ts replays presses by it). */
export const PRESS_ATTRIBUTE = 'data-press' as const;

/** The attribute that makes a control the target of a press key. */
export const pressTarget = (key: string) => ({ [PRESS_ATTRIBUTE]: key });
