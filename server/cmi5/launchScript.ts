import { pageScript, type PageScript, type PageScriptSource } from '../launchPages/pageScript';

/* The AU launch page's script (server/cmi5/launcher/, with the statechart machines/cmi5Launcher.ts). */
export const CMI5_LAUNCH_SCRIPT: PageScriptSource = {
  entry: 'server/cmi5/launcher/main.ts',
  describe: [
    'Launch page of a Lernwerk cmi5 AU: gets the authorization token and the launch data from the LMS,',
    'shows the course in a frame and states its progress and results to the LMS (xAPI). Built from the',
    'TypeScript sources server/cmi5/launcher/, machines/cmi5Launcher.ts and model/hostMessages.ts of Lernwerk.',
  ],
};

export const cmi5LaunchScript = (): Promise<PageScript> => pageScript(CMI5_LAUNCH_SCRIPT);
