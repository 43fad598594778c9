import { showBrokenPage } from '../../launchPages/messageBox';
import { parseStoragePageConfig, STORAGE_CONFIG_ELEMENT_ID } from './storageConfig';
import { startStoragePage } from './storagePage';

/* The entry of /lti/storage.js (built by server/lti/storageScript.ts): reads the page's config and starts the storage chart. */
try {
  const element = document.getElementById(STORAGE_CONFIG_ELEMENT_ID);
  if (!element) throw new Error(`no #${STORAGE_CONFIG_ELEMENT_ID} element`);
  startStoragePage(window, parseStoragePageConfig(JSON.parse(element.textContent ?? '')));
} catch (error) {
  showBrokenPage(document, error instanceof Error ? error.message : String(error));
  throw error;
}
