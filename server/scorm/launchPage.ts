import { jsonInScript } from '../../model/jsonInScript';
import { CONFIG_ELEMENT_ID, MESSAGE_ELEMENT_ID, type LaunchConfig } from './launcher/launcher';

/*
 * The launch page of a SCORM package (the SCO's launch file): plain HTML and CSS; its script
 * (launch.js with xstate.js, server/scorm/launchScript.ts) finds the LMS and shows the course. The
 * package's configuration (SCORM version, the server's origin, the share's address, the title) is a
 * JSON script element in the page, written at export time.
 */

export const LAUNCH_FILE = 'launch.html';
export const LAUNCH_SCRIPT_FILE = 'launch.js';
export const XSTATE_SCRIPT_FILE = 'xstate.js';
export const LAUNCH_STYLE_FILE = 'launch.css';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** launch.html for `config`. */
export function launchHtml(config: LaunchConfig): string {
  return `<!doctype html>
<html lang="de">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(config.title)}</title>
  <link rel="stylesheet" href="${LAUNCH_STYLE_FILE}">
  <!-- The package's configuration: the course is loaded from serverOrigin, which alone may talk to this page. -->
  <script type="application/json" id="${CONFIG_ELEMENT_ID}">${jsonInScript(config)}</script>
  <script src="${XSTATE_SCRIPT_FILE}" defer></script>
  <script src="${LAUNCH_SCRIPT_FILE}" defer></script>
</head>
<body>
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

/** launch.css: the course frame fills the window; messages are a page of their own or a bar above the course. */
export const LAUNCH_CSS = `html, body {
  height: 100%;
  margin: 0;
}
body {
  display: flex;
  flex-direction: column;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
  color: #1f2937;
  background: #ffffff;
}
.lernwerk-message {
  padding: 1rem 1.5rem;
  line-height: 1.5;
}
.lernwerk-message[hidden] {
  display: none;
}
.lernwerk-message--page {
  max-width: 40rem;
  margin: 3rem auto;
}
.lernwerk-message--page h1 {
  font-size: 1.4rem;
}
.lernwerk-message--bar {
  padding: 0.5rem 1rem;
  background: #fef3c7;
  border-bottom: 1px solid #f59e0b;
}
.lernwerk-message--bar p {
  margin: 0.25rem 0;
}
.lernwerk-course {
  flex: 1 1 auto;
  width: 100%;
  min-height: 0;
  border: 0;
}
.lernwerk-course[hidden] {
  display: none;
}
`;
