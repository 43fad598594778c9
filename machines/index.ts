import type { AnyStateMachine } from 'xstate';
import { viewerMachine } from './viewer';
import { scrollProgressMachine } from './scrollProgress';
import { overlaysMachine } from './overlays';
import { connectivityMachine } from './connectivity';
import { trackingMachine } from './tracking';
import { guestSessionMachine } from './guestSession';
import { sessionMachine } from './session';
import { publicationWatchMachine } from './publicationWatch';
import { logoutMachine } from './logout';
import { resultsMachine } from './results';
import { invitationMachine } from './invitation';
import { favoritesMachine } from './favorites';
import { searchMachine } from './search';
import { annotationMachine } from './annotation';
import { annotationPanelMachine } from './annotationPanel';
import { linkEditorMachine } from './linkEditor';
import { scormLauncherMachine } from './scormLauncher';
import { cmi5LauncherMachine } from './cmi5Launcher';
import { ltiPlatformStorageMachine } from './ltiPlatformStorage';
import { embedCardMachine } from './embedCard';
import { tooltipMachine } from './tooltip';

/**
 * Every statechart of the product outside the element kinds' folders (the kinds' own come with their
 * views: scripts/statecharts/machines.ts adds them for the tools). Diagram export and path coverage
 * read this list, so a machine missing here is a bug.
 */
export const appMachines: Record<string, AnyStateMachine> = {
  viewer: viewerMachine,
  scrollProgress: scrollProgressMachine,
  overlays: overlaysMachine,
  connectivity: connectivityMachine,
  tracking: trackingMachine,
  guestSession: guestSessionMachine,
  session: sessionMachine,
  publicationWatch: publicationWatchMachine,
  logout: logoutMachine,
  results: resultsMachine,
  invitation: invitationMachine,
  favorites: favoritesMachine,
  search: searchMachine,
  annotation: annotationMachine,
  annotationPanel: annotationPanelMachine,
  linkEditor: linkEditorMachine,
  scormLauncher: scormLauncherMachine,
  cmi5Launcher: cmi5LauncherMachine,
  ltiPlatformStorage: ltiPlatformStorageMachine,
  embedCard: embedCardMachine,
  tooltip: tooltipMachine,
};
