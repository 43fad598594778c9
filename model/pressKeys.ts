/*
 * The press keys of controls a stand-in or an early form shows before its element mounts
 * (src/elements/dormant/pressReplay.ts replays a press on one once the element is there): the same key on
 * the stand-in's part or the early form's control and on the element's control.
 */

/** The press key of a choice of a choice question. */
export const choicePress = (choiceId: string) => `choice:${choiceId}`;
/** The press key of a spot of a hotspot image. */
export const spotPress = (spotId: string) => `spot:${spotId}`;
/** The press key of a foldable's title. */
export const FOLDABLE_TITLE_PRESS = 'title';
/** The press key of a question's answer button (Evaluate, then Edit answer), an early form's and the element's. */
export const ANSWER_PRESS = 'answer';
