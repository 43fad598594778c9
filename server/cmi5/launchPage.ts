import { jsonInScript } from '../../model/jsonInScript';
import { LAUNCH_CSS } from '../scorm/launchPage';
import { CONFIG_ELEMENT_ID, EXIT_BUTTON_ID, MESSAGE_ELEMENT_ID, type Cmi5PageConfig } from './launcher/launcher';

/*
 * The AU launch page of a share (GET /cmi5/SHARE/, server/routes/cmi5.ts): plain HTML, its script
 * (/cmi5/launch.js) and style (/cmi5/launch.css); the server writes the page's configuration (the
 * server's origin, the share's address, the title) into it as JSON.
 */

export const CMI5_SCRIPT_PATH = '/cmi5/launch.js';
export const CMI5_STYLE_PATH = '/cmi5/launch.css';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export function cmi5LaunchHtml(config: Cmi5PageConfig): string {
  return `<!doctype html>
<html lang="de">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>${escapeHtml(config.title)}</title>
  <link rel="stylesheet" href="${CMI5_STYLE_PATH}">
  <script type="application/json" id="${CONFIG_ELEMENT_ID}">${jsonInScript(config)}</script>
  <script src="${CMI5_SCRIPT_PATH}" defer></script>
</head>
<body>
  <header class="lernwerk-bar">
    <span class="lernwerk-title">${escapeHtml(config.title)}</span>
    <button type="button" id="${EXIT_BUTTON_ID}" hidden>Kurs beenden</button>
  </header>
  <div id="${MESSAGE_ELEMENT_ID}" class="lernwerk-message" role="status" aria-live="polite">
    <p>Verbindung zur Lernplattform wird hergestellt … / Connecting to the learning platform …</p>
  </div>
  <noscript>
    <p class="lernwerk-message lernwerk-message--page">Dieser Kurs braucht JavaScript. / This course needs JavaScript.</p>
  </noscript>
</body>
</html>
`;
}

/** The SCORM launch page's style, with the title bar and its exit button. */
export const CMI5_CSS = `${LAUNCH_CSS}.lernwerk-bar {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  padding: 0.4rem 1rem;
  border-bottom: 1px solid #d1d5db;
}
.lernwerk-title {
  font-weight: 600;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
}
.lernwerk-bar button {
  font: inherit;
  padding: 0.3rem 0.9rem;
  border: 1px solid #1f2937;
  border-radius: 0.3rem;
  background: #ffffff;
  color: #1f2937;
  cursor: pointer;
}
.lernwerk-bar button[hidden] {
  display: none;
}
`;
