import { createActor, fromPromise } from 'xstate';
import {
  LMS_READY_MESSAGE_TYPE,
  PROGRESS_MESSAGE_TYPE,
  parseViewerMessage,
  splitLearnerName,
  type HostToViewerMessage,
  type Learner,
} from '../../../model/hostMessages';
import { cmi5HelloOf, cmi5LauncherMachine, type Cmi5LauncherSnapshot, type PendingStatement } from '../../../machines/cmi5Launcher';
import { transitionRecorder, type RecordedTransition } from '../../../machines/transitionRecorder';
import { hasAnyLaunchParameter, parseLaunchParameters, type LaunchParameters } from './launchParameters';
import { lmsClient, type LmsClient } from './lms';
import { cmi5Statement, type Cmi5Session } from './statements';
import { launchLanguageOf, text, type LaunchLanguage } from './texts';
import { heading, messageBox, paragraph } from '../../launchPages/messageBox';

/*
 * The glue of a cmi5 AU's launch page (served by this server at /cmi5/SHARE/, server/routes/cmi5.ts):
 * the statechart machines/cmi5Launcher.ts with its actors bound to the LMS (./lms.ts), the course
 * frame, postMessage (model/hostMessages.ts) and the page's text. Browser code, built into the page's
 * launch script by server/cmi5/launchScript.ts (main.ts is its entry).
 */

/** What the server writes into the page (JSON in #lernwerk-cmi5-config). */
export type Cmi5PageConfig = {
  /** This server's origin: the only origin the page posts to and takes messages from. */
  serverOrigin: string;
  /** The share's address on this server, shown in the frame. */
  courseUrl: string;
  title: string;
  /** The top-level chapter the AU covers (the course frame shows it); null: the material. */
  chapterPublicId: string | null;
};

export const CONFIG_ELEMENT_ID = 'lernwerk-cmi5-config';
export { MESSAGE_ELEMENT_ID } from '../../launchPages/messageBox';
export const EXIT_BUTTON_ID = 'lernwerk-exit';

export function parsePageConfig(value: unknown): Cmi5PageConfig {
  if (typeof value !== 'object' || value === null) throw new Error('the page configuration is not an object');
  const c = value as Record<string, unknown>;
  if (typeof c.serverOrigin !== 'string' || !/^https?:\/\/[^/]+$/.test(c.serverOrigin)) throw new Error('serverOrigin is not an origin');
  if (typeof c.courseUrl !== 'string' || !c.courseUrl.startsWith(`${c.serverOrigin}/`)) throw new Error('courseUrl is not an address on serverOrigin');
  const chapter = typeof c.chapterPublicId === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(c.chapterPublicId) ? c.chapterPublicId : null;
  return { serverOrigin: c.serverOrigin, courseUrl: c.courseUrl, title: typeof c.title === 'string' ? c.title : '', chapterPublicId: chapter };
}

/** The learner as the course's guest: the actor's name, else a fallback in the page's language (the account name is an id, never shown). */
export function learnerOf(launch: LaunchParameters | null, language: LaunchLanguage): Learner {
  const name = (launch?.actor.name ?? '').trim() || text(language, 'learnerFallback');
  return { id: launch?.actor.account.name ?? '', name, ...splitLearnerName(name) };
}

export type Cmi5LauncherOptions = {
  now?: () => number;
  retryDelayMs?: number;
  /** The LMS calls (default: over fetch to the launch's endpoint). */
  client?: (launch: LaunchParameters) => LmsClient;
};

export function startCmi5Launcher(win: Window & typeof globalThis, config: Cmi5PageConfig, options: Cmi5LauncherOptions = {}) {
  const doc = win.document;
  const now = options.now ?? (() => Date.now());
  let language = launchLanguageOf([], win.navigator?.language);
  doc.documentElement.lang = language;
  let launch: LaunchParameters | null = null;
  let launchProblem = '';
  try {
    launch = parseLaunchParameters(win.location.search);
  } catch (error) {
    launchProblem = hasAnyLaunchParameter(win.location.search) ? (error as Error).message : 'endpoint, fetch, actor, registration, activityId';
  }
  const log = (line: string) => win.console?.warn?.(line);
  const lms = launch ? (options.client ?? ((l) => lmsClient(l, win.fetch.bind(win), log)))(launch) : null;
  let frame: HTMLIFrameElement | null = null;

  const sessionOf = (snapshot: Cmi5LauncherSnapshot): Cmi5Session => ({
    actor: launch!.actor,
    activityId: launch!.activityId,
    registration: launch!.registration,
    launchData: snapshot.context.launch!.launchData,
    startedAt: snapshot.context.startedAt,
  });
  const statementsOf = (statements: readonly PendingStatement[]) => statements.map((s) => cmi5Statement(s, sessionOf(actor.getSnapshot())));
  const post = (message: HostToViewerMessage) => frame?.contentWindow?.postMessage(message, config.serverOrigin);

  const machine = cmi5LauncherMachine.provide({
    actors: {
      fetchToken: fromPromise(() => lms!.fetchToken()),
      readLaunch: fromPromise(() => lms!.readLaunch()),
      sendStatements: fromPromise(({ input }) => lms!.sendStatements(statementsOf(input.statements))),
    },
    actions: {
      openCourse: ({ context }) => {
        language = launchLanguageOf(context.launch?.languages ?? [], win.navigator?.language);
        // The viewer in the learner's language (the share page's ?lang=).
        const courseUrl = new URL(config.courseUrl);
        courseUrl.searchParams.set('lang', language);
        frame = doc.createElement('iframe');
        frame.className = 'lernwerk-course';
        frame.title = text(language, 'frameTitle', { title: config.title });
        frame.setAttribute('allow', 'fullscreen; clipboard-write');
        frame.setAttribute('allowfullscreen', '');
        frame.addEventListener('load', () => send({ type: 'frame.loaded' }));
        frame.src = courseUrl.href;
        doc.body.appendChild(frame);
      },
      // Without a name from the LMS the fallback is in the learner's language, known only now.
      sendHello: ({ context }) => post({ ...cmi5HelloOf(context), ...(launch?.actor.name?.trim() ? {} : { learner: learnerOf(launch, language) }) }),
      saveMemory: ({ context }) => lms!.saveMemory(context.memory),
      sendOnLeave: (_, statements) => lms!.sendOnLeave(statementsOf(statements)),
      returnToLms: ({ context }) => {
        const returnUrl = context.launch?.launchData.returnUrl;
        if (returnUrl) win.location.assign(returnUrl);
      },
    },
  });

  const render = (snapshot: Cmi5LauncherSnapshot) => {
    const launched = snapshot.context.launch;
    if (launched) language = launchLanguageOf(launched.languages, win.navigator?.language);
    doc.documentElement.lang = language;
    const box = messageBox(doc);
    const state = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
    const error = snapshot.context.lastError;
    const exit = doc.getElementById(EXIT_BUTTON_ID) as HTMLButtonElement | null;
    if (exit) {
      exit.textContent = text(language, 'exit');
      exit.hidden = state !== 'running' && state !== 'exiting';
      exit.disabled = state === 'exiting';
    }
    box.replaceChildren();
    box.hidden = false;
    box.className = 'lernwerk-message';
    const page = (title: string, body: string, withLink: boolean) => {
      box.classList.add('lernwerk-message--page');
      box.append(heading(doc, title), paragraph(doc, body));
      if (withLink) {
        const link = doc.createElement('a');
        link.href = config.courseUrl;
        link.target = '_blank';
        link.rel = 'noopener';
        link.textContent = text(language, 'viewAnyway');
        box.append(paragraph(doc, link));
      }
    };
    switch (state) {
      case 'starting':
      case 'fetchingToken':
      case 'readingLaunch':
      case 'initializing':
        box.append(paragraph(doc, text(language, 'connecting')));
        break;
      case 'noLms':
        page(text(language, 'noLmsTitle'), text(language, 'noLmsBody', { problem: launchProblem }), true);
        break;
      case 'failed':
        if (error?.during === 'token') page(text(language, 'tokenTitle'), text(language, 'tokenBody', { message: error.message }), true);
        else page(text(language, 'failedTitle'), text(language, 'failedBody', { message: error?.message ?? '' }), false);
        break;
      case 'exiting':
        box.classList.add('lernwerk-message--bar');
        box.append(paragraph(doc, text(language, 'exiting')));
        break;
      case 'exited':
      case 'terminated':
        box.classList.add('lernwerk-message--page');
        box.append(paragraph(doc, text(language, 'terminated')));
        if (frame) frame.hidden = true;
        break;
      default: {
        const lines = [
          launched && launched.launchData.launchMode !== 'Normal' ? text(language, 'browseMode') : null,
          error?.during === 'statements' ? text(language, 'sendFailed', { message: error.message }) : null,
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
  const actor = createActor(machine, {
    input: { launched: launch !== null, learner: learnerOf(launch, language), chapterPublicId: config.chapterPublicId, now, retryDelayMs: options.retryDelayMs },
    inspect,
  });
  const send = (event: Parameters<typeof actor.send>[0]) => {
    if (actor.getSnapshot().status === 'active') actor.send(event);
  };

  const onMessage = (event: MessageEvent) => {
    if (!frame || event.source !== frame.contentWindow || event.origin !== config.serverOrigin) return;
    const message = parseViewerMessage(event.data);
    if (!message) return;
    if (message.type === PROGRESS_MESSAGE_TYPE) send({ type: 'viewer.progress', value: message.value });
    else if (message.type === LMS_READY_MESSAGE_TYPE) send({ type: 'viewer.ready' });
    else {
      const { type: _type, ...result } = message;
      send({ type: 'viewer.result', result });
    }
  };
  const onLeave = () => send({ type: 'page.leave' });
  const onExit = () => send({ type: 'exit.requested' });
  win.addEventListener('message', onMessage);
  win.addEventListener('pagehide', onLeave);
  doc.getElementById(EXIT_BUTTON_ID)?.addEventListener('click', onExit);

  const subscription = actor.subscribe(render);
  actor.start();
  render(actor.getSnapshot());

  return {
    actor,
    frame: () => frame,
    stop() {
      subscription.unsubscribe();
      actor.stop();
      win.removeEventListener('message', onMessage);
      win.removeEventListener('pagehide', onLeave);
      doc.getElementById(EXIT_BUTTON_ID)?.removeEventListener('click', onExit);
    },
  };
}
