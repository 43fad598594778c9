/* The vocabularies of cmi5 (the AICC/ADL cmi5 specification) the course package and the AU launch page share. */

/** How the LMS launched the AU (LMS.LaunchData launchMode, section 10.2.2). */
export type LaunchMode = 'Normal' | 'Browse' | 'Review';
export const LAUNCH_MODES: readonly LaunchMode[] = ['Normal', 'Browse', 'Review'];

/** When the LMS counts the AU as satisfied (course structure moveOn, section 13.1.4). */
export type MoveOn = 'Passed' | 'Completed' | 'CompletedAndPassed' | 'CompletedOrPassed' | 'NotApplicable';
export const MOVE_ON_VALUES: readonly MoveOn[] = ['Passed', 'Completed', 'CompletedAndPassed', 'CompletedOrPassed', 'NotApplicable'];
