import { showBrokenPage } from '../../launchPages/messageBox';
import { CONFIG_ELEMENT_ID, parsePageConfig, startCmi5Launcher } from './launcher';

/* The entry of the AU launch page's script (built by server/cmi5/launchScript.ts): reads the page's config and starts the launcher. */
try {
  const element = document.getElementById(CONFIG_ELEMENT_ID);
  if (!element) throw new Error(`no #${CONFIG_ELEMENT_ID} element`);
  startCmi5Launcher(window, parsePageConfig(JSON.parse(element.textContent ?? '')));
} catch (error) {
  showBrokenPage(document, error instanceof Error ? error.message : String(error));
  throw error;
}
