import { createActor } from 'xstate';
import {
  LMS_NOTICE_MESSAGE_TYPE,
  LMS_READY_MESSAGE_TYPE,
  PROGRESS_MESSAGE_TYPE,
  SCORM_VERSIONS,
  parseViewerMessage,
  type HostToViewerMessage,
  type ScormVersion,
} from '../../../model/hostMessages';
import { helloOf, scormLauncherMachine, type LmsChanges, type ScormLauncherSnapshot } from '../../../machines/scormLauncher';
import { transitionRecorder, type RecordedTransition } from '../../../machines/transitionRecorder';
import { API_NAMES, findLmsApi, type WindowLike } from './findApi';
import { ELEMENTS, endSession, lmsOf, readStart, sessionTime, writesOf, type Lms } from './lms';
import { launchLanguage, text, type LaunchLanguage } from './texts';
import { heading, messageBox, paragraph } from '../../launchPages/messageBox';

/*
 * The glue of the launch page of a SCORM package: the statechart machines/scormLauncher.ts with its
 * actions bound to the LMS's API, the course frame, postMessage and the page's text. Browser code,
 * built into the package's launch.js by server/scorm/launchScript.ts (main.ts is its entry).
 */

/** What the package tells its launch page (server/scorm/launchPage.ts writes it into launch.html). */
export type LaunchConfig = {
  version: ScormVersion;
  /** The server's origin: the only origin the page posts to and takes messages from. */
  serverOrigin: string;
  /** The share's address on that server, shown in the frame. */
  courseUrl: string;
  /** The course's title (the frame's accessible name). */
  title: string;
};

/** The id of the launch page's script element holding the config (JSON). */
export const CONFIG_ELEMENT_ID = 'lernwerk-scorm-config';
/** The id of the element the launch page writes its messages into. */
export { MESSAGE_ELEMENT_ID } from '../../launchPages/messageBox';

/** The config of the launch page, checked: an error names what is wrong. */
export function parseLaunchConfig(value: unknown): LaunchConfig {
  if (typeof value !== 'object' || value === null) throw new Error('the launch configuration is not an object');
  const c = value as Record<string, unknown>;
  if (!SCORM_VERSIONS.includes(c.version as ScormVersion)) throw new Error(`unknown SCORM version ${JSON.stringify(c.version)}`);
  if (typeof c.serverOrigin !== 'string' || !isOrigin(c.serverOrigin)) throw new Error(`serverOrigin is not an origin: ${JSON.stringify(c.serverOrigin)}`);
  if (typeof c.courseUrl !== 'string' || !c.courseUrl.startsWith(`${c.serverOrigin}/`)) throw new Error('courseUrl is not an address on serverOrigin');
  return { version: c.version as ScormVersion, serverOrigin: c.serverOrigin, courseUrl: c.courseUrl, title: typeof c.title === 'string' ? c.title : '' };
}

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
  } catch {
    return false;
  }
}

/** The config from the launch page's `<script type="application/json" id="lernwerk-scorm-config">`. */
export function readLaunchConfig(doc: Document): LaunchConfig {
  const element = doc.getElementById(CONFIG_ELEMENT_ID);
  if (!element) throw new Error(`no #${CONFIG_ELEMENT_ID} element`);
  return parseLaunchConfig(JSON.parse(element.textContent ?? ''));
}

export type LauncherWindow = Window & typeof globalThis;

export type LauncherOptions = {
  /** Milliseconds now (session time); default Date.now. */
  now?: () => number;
  /** Quiet time before a commit (machines/scormLauncher.ts SCORM_COMMIT_DELAY_MS). */
  commitDelayMs?: number;
};

export type Launcher = {
  actor: ReturnType<typeof createActor<typeof scormLauncherMachine>>;
  /** The course frame, once opened. */
  frame(): HTMLIFrameElement | null;
  language: LaunchLanguage;
  stop(): void;
};

/** Starts the launch page in `win` (its document holds the message element; the frame is added to its body). */
export function startLauncher(win: LauncherWindow, config: LaunchConfig, options: LauncherOptions = {}): Launcher {
  const doc = win.document;
  const now = options.now ?? (() => Date.now());
  const language = launchLanguage(win.navigator?.language);
  doc.documentElement.lang = language;
  let lms: Lms | null = null;
  let startedAt = 0;
  let frame: HTMLIFrameElement | null = null;
  /** A notice of the running course (suspend data refused), shown until a later change is written. */
  let notice: string | null = null;
  /**
   * The origin the course frame answered from when it is not the server's (the package was exported with
   * the wrong --origin, or the server redirects): its messages are refused, and the page says so.
   */
  let strayOrigin: string | null = null;

  const post = (message: HostToViewerMessage) => {
    // Only to the server's origin: should the frame have been navigated elsewhere, the browser drops it.
    frame?.contentWindow?.postMessage(message, config.serverOrigin);
  };

  const machine = scormLauncherMachine.provide({
    actions: {
      findApi: ({ self }) => {
        const found = findLmsApi(win as unknown as WindowLike, config.version);
        if (found) lms = lmsOf(found);
        self.send({ type: found ? 'api.found' : 'api.missing' });
      },
      initialize: ({ self }) => {
        if (!lms!.initialize()) {
          self.send({ type: 'lms.initFailed', error: lms!.lastError('initialize') });
          return;
        }
        startedAt = now();
        self.send({ type: 'lms.initialized', ...readStart(lms!) });
      },
      openCourse: () => {
        frame = doc.createElement('iframe');
        frame.className = 'lernwerk-course';
        frame.title = text(language, 'frameTitle', { title: config.title });
        frame.setAttribute('allow', 'fullscreen; clipboard-write');
        frame.setAttribute('allowfullscreen', '');
        frame.addEventListener('load', () => send({ type: 'frame.loaded' }));
        frame.src = config.courseUrl;
        doc.body.appendChild(frame);
      },
      sendHello: ({ context }) => post(helloOf(context)),
      write: ({ context, self }, changes: LmsChanges) => {
        notice = null;
        for (const [element, value] of writesOf(config.version, context.values, changes)) {
          if (!lms!.setValue(element, value)) self.send({ type: 'lms.writeFailed', error: lms!.lastError('write') });
        }
        const refused = changes.refusedSuspendData;
        if (refused) {
          notice = text(language, 'suspendDataTooLong', refused);
          post({ type: LMS_NOTICE_MESSAGE_TYPE, code: 'suspendDataTooLong', length: refused.length, limit: refused.limit, message: notice });
        }
      },
      commit: ({ self }) => {
        if (!lms!.setValue(ELEMENTS[config.version].sessionTime, sessionTime(config.version, now() - startedAt))) {
          self.send({ type: 'lms.writeFailed', error: lms!.lastError('write') });
        }
        if (lms!.commit()) self.send({ type: 'lms.committed' });
        else {
          const error = lms!.lastError('commit');
          post({ type: LMS_NOTICE_MESSAGE_TYPE, code: 'lmsError', lmsErrorCode: error.code, message: error.message });
          self.send({ type: 'lms.commitFailed', error });
        }
      },
      terminate: () => {
        const errors = endSession(lms!, now() - startedAt, 'suspend');
        for (const error of errors) win.console?.warn?.(`SCORM: ${error.during} failed: ${error.code} ${error.message}`);
      },
    },
  });

  const render = (snapshot: ScormLauncherSnapshot) => {
    const box = messageBox(doc);
    const state = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
    const error = snapshot.context.lastError;
    box.replaceChildren();
    box.hidden = false;
    box.className = 'lernwerk-message';
    switch (state) {
      case 'findingApi':
      case 'initialising':
        box.append(paragraph(doc, text(language, 'connecting')));
        break;
      case 'noLms': {
        box.classList.add('lernwerk-message--page');
        box.append(heading(doc, text(language, 'noLmsTitle')), paragraph(doc, text(language, 'noLmsBody', { api: API_NAMES[config.version] })));
        const link = doc.createElement('a');
        link.href = config.courseUrl;
        link.target = '_blank';
        link.rel = 'noopener';
        link.textContent = text(language, 'noLmsLink');
        box.append(paragraph(doc, link));
        break;
      }
      case 'failed':
        box.classList.add('lernwerk-message--page');
        box.append(
          heading(doc, text(language, 'failedTitle')),
          paragraph(doc, text(language, 'failedBody', { code: error?.code ?? '', message: error?.message ?? '' })),
        );
        break;
      case 'terminated':
        box.classList.add('lernwerk-message--page');
        box.append(paragraph(doc, text(language, 'terminated')));
        if (frame) frame.hidden = true;
        break;
      default: {
        const lines = [
          strayOrigin ? text(language, 'originMismatch', { origin: strayOrigin, expected: config.serverOrigin }) : null,
          notice,
          error ? text(language, 'lmsError', { code: error.code, message: error.message }) : null,
        ].filter((line): line is string => !!line);
        box.classList.add('lernwerk-message--bar');
        box.hidden = lines.length === 0;
        for (const line of lines) box.append(paragraph(doc, line));
      }
    }
  };

  // The end-to-end run defines the array before the page's scripts run (e2e/support/transitions.ts); nobody else does.
  const recording = (win as { __lernwerkTransitions?: unknown }).__lernwerkTransitions;
  const inspect = Array.isArray(recording) ? transitionRecorder(recording as RecordedTransition[]) : undefined;
  const actor = createActor(machine, { input: { version: config.version, commitDelayMs: options.commitDelayMs }, inspect });
  /** Events of the page; none once the launcher has ended (no LMS, failed, terminated). */
  const send = (event: Parameters<typeof actor.send>[0]) => {
    if (actor.getSnapshot().status === 'active') actor.send(event);
  };

  const onMessage = (event: MessageEvent) => {
    // Only the course frame, and only while it shows the server's origin.
    if (!frame || event.source !== frame.contentWindow) return;
    const message = parseViewerMessage(event.data);
    if (!message) return;
    if (event.origin !== config.serverOrigin) {
      // Refused all the same; but a viewer message from the frame on another origin means nothing is saved: say so.
      if (strayOrigin !== event.origin) {
        strayOrigin = event.origin;
        render(actor.getSnapshot());
      }
      return;
    }
    if (strayOrigin) {
      strayOrigin = null; // the frame is back on the server's origin
      render(actor.getSnapshot());
    }
    if (message.type === PROGRESS_MESSAGE_TYPE) send({ type: 'viewer.progress', value: message.value });
    else if (message.type === LMS_READY_MESSAGE_TYPE) send({ type: 'viewer.ready' });
    else {
      const { type: _type, ...result } = message;
      send({ type: 'viewer.result', result });
    }
  };
  const onLeave = () => send({ type: 'page.leave' });
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') send({ type: 'page.hidden' });
  };
  win.addEventListener('message', onMessage);
  win.addEventListener('pagehide', onLeave);
  win.addEventListener('unload', onLeave);
  doc.addEventListener('visibilitychange', onVisibility);

  const subscription = actor.subscribe(render);
  actor.start();
  render(actor.getSnapshot());

  return {
    actor,
    frame: () => frame,
    language,
    stop() {
      subscription.unsubscribe();
      actor.stop();
      win.removeEventListener('message', onMessage);
      win.removeEventListener('pagehide', onLeave);
      win.removeEventListener('unload', onLeave);
      doc.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

/** Shows that the launch page cannot start (its config is broken), in both languages. */
export function showBrokenPackage(doc: Document, problem: string): void {
  const box = messageBox(doc);
  box.replaceChildren(
    heading(doc, 'Dieses Kurspaket ist beschädigt. / This course package is broken.'),
    paragraph(doc, problem),
  );
}
