/*
 * The press keys of controls a stand-in shows before its element mounts (src/elements/dormant/pressReplay.ts
 * replays a press on one once the element is there): the same key on the stand-in's part and on the control.
 */

/** The press key of a choice of a choice question. */
export const choicePress = (choiceId: string) => `choice:${choiceId}`;
/** The press key of a spot of a hotspot image. */
export const spotPress = (spotId: string) => `spot:${spotId}`;
/** The press key of a foldable's title. */
export const FOLDABLE_TITLE_PRESS = 'title';
