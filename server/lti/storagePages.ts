import type { FastifyReply } from 'fastify';
import { jsonInScript } from '../../model/jsonInScript';
import type { PageScriptSource } from '../launchPages/pageScript';
import { STORAGE_CONFIG_ELEMENT_ID, type StoragePageConfig } from './storage/storageConfig';
import { MESSAGE_ELEMENT_ID } from '../launchPages/messageBox';

/*
 * The LTI login and launch pages that keep the login's state and nonce in the LMS's storage frame
 * (machines/ltiPlatformStorage.ts; docs/lti.md, "Cookies, frames and plain http"): plain HTML, the
 * configuration as JSON, and the script /lti/storage.js.
 */

export const STORAGE_SCRIPT_PATH = '/lti/storage.js';

export const STORAGE_SCRIPT: PageScriptSource = {
  entry: 'server/lti/storage/main.ts',
  describe: [
    'LTI login and launch page of Lernwerk for LMS frames without cookies: keeps the login\'s state and nonce',
    'in the LMS\'s storage frame (1EdTech LTI Client Side postMessages and Platform Storage) and checks them',
    'at the launch. Built from the TypeScript sources server/lti/storage/ and machines/ltiPlatformStorage.ts.',
  ],
};

/** The key under which the platform's storage keeps a value of a login: it names the value, so parallel launches keep apart. */
export const storageEntries = (state: string, nonce: string) => [
  { key: `lernwerk-state-${state}`, value: state },
  { key: `lernwerk-nonce-${nonce}`, value: nonce },
];

export function sendStoragePage(reply: FastifyReply, config: StoragePageConfig, frameAncestors: string): FastifyReply {
  const title = config.mode === 'store' ? 'Anmeldung beim Lernsystem … / Signing in with the LMS …' : 'Start wird geprüft … / Checking the launch …';
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors ${frameAncestors}`,
    );
  return reply.send(`<!doctype html>
<html lang="de">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title}</title>
  <script type="application/json" id="${STORAGE_CONFIG_ELEMENT_ID}">${jsonInScript(config)}</script>
  <script src="${STORAGE_SCRIPT_PATH}" defer></script>
</head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5">
  <div id="${MESSAGE_ELEMENT_ID}" role="status" aria-live="polite"><p>${title}</p></div>
  <noscript><p>Dieser Start braucht JavaScript. / This launch needs JavaScript.</p></noscript>
</body>
</html>
`);
}
