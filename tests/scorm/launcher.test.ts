// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCORM_COMMIT_DELAY_MS } from '../../machines/scormLauncher';
import { findLmsApi, MAX_PARENT_DEPTH, type WindowLike } from '../../server/scorm/launcher/findApi';
import { parseLaunchConfig, startLauncher, type LaunchConfig, type Launcher } from '../../server/scorm/launcher/launcher';
import { lessonStatus12, sessionTime, writesOf } from '../../server/scorm/launcher/lms';
import { NOTHING_STORED } from '../../machines/scormLauncher';
import { fakeScorm12, fakeScorm2004 } from './fakeLms';

const SERVER = 'https://lernwerk.school.example';
const COURSE = `${SERVER}/s/AbCdEfGhIjKlMnOpQrStUvWx/`;
const config = (version: '1.2' | '2004'): LaunchConfig => ({ version, serverOrigin: SERVER, courseUrl: COURSE, title: 'Zellen & Gewebe' });

type Win = Window & typeof globalThis & { API?: unknown; API_1484_11?: unknown };
const win = window as Win;

/** An iframe (same origin, about:blank) inside `parent`'s document: a window whose parent is `parent`. */
function childWindow(parent: Window): Window {
  const frame = parent.document.createElement('iframe');
  parent.document.body.appendChild(frame);
  return frame.contentWindow!;
}

describe('finding the LMS API (the standard search through parents and opener)', () => {
  afterEach(() => {
    delete win.API;
    delete win.API_1484_11;
    document.body.replaceChildren();
  });

  it('finds API (1.2) and API_1484_11 (2004) in the window itself or a parent, two frames down', () => {
    // jsdom's own window object (vitest's `window` is the global that mirrors it) and two frames below it.
    const middle = childWindow(window);
    const top = middle.parent as Win;
    const inner = childWindow(middle);
    expect(inner.parent.parent).toBe(top);
    try {
      expect(findLmsApi(inner as unknown as WindowLike, '1.2')).toBeNull();
      const v12 = fakeScorm12();
      top.API = v12.api;
      expect(findLmsApi(inner as unknown as WindowLike, '1.2')).toEqual({ version: '1.2', api: v12.api });
      expect(findLmsApi(inner as unknown as WindowLike, '2004')).toBeNull();
      const v2004 = fakeScorm2004();
      top.API_1484_11 = v2004.api;
      expect(findLmsApi(inner as unknown as WindowLike, '2004')).toEqual({ version: '2004', api: v2004.api });
      expect(findLmsApi(top as unknown as WindowLike, '2004')?.api).toBe(v2004.api);
    } finally {
      delete top.API;
      delete top.API_1484_11;
    }
  });

  it('goes up a bounded number of levels', () => {
    const middle = childWindow(window);
    const top = middle.parent as Win;
    const inner = childWindow(middle);
    top.API = fakeScorm12().api;
    try {
      expect(findLmsApi(inner as unknown as WindowLike, '1.2', 1)).toBeNull();
      expect(findLmsApi(inner as unknown as WindowLike, '1.2', 2)).not.toBeNull();
    } finally {
      delete top.API;
    }
    // A chain deeper than the bound (objects: a browser would never build it) ends the search.
    let deep: WindowLike = { API: fakeScorm12().api };
    deep.parent = deep;
    for (let i = 0; i <= MAX_PARENT_DEPTH; i++) deep = { parent: deep };
    expect(findLmsApi(deep, '1.2')).toBeNull();
  });

  it('takes only an object with the API’s functions: an element with id="API" (a window property too) is none', () => {
    const api = fakeScorm12().api;
    const top: WindowLike = { API: api };
    top.parent = top;
    const frame: WindowLike = { parent: top, API: document.createElement('div') };
    expect(findLmsApi(frame, '1.2')?.api).toBe(api);
    expect(findLmsApi({ API: { LMSInitialize: 'no' } }, '1.2')).toBeNull();
  });

  it('then searches the opener and its parents (an LMS that opens the course in a new window)', () => {
    const api = fakeScorm12().api;
    const lmsTop: WindowLike = { API: api };
    lmsTop.parent = lmsTop;
    const lmsFrame: WindowLike = { parent: lmsTop };
    const popup: WindowLike = { opener: lmsFrame };
    popup.parent = popup;
    expect(findLmsApi(popup, '1.2')?.api).toBe(api);
    // The launch page framed inside the popup: the top's opener counts too.
    const framed: WindowLike = { parent: popup, opener: null };
    expect(findLmsApi(framed, '1.2')?.api).toBe(api);
    expect(findLmsApi({ opener: { parent: null } }, '1.2')).toBeNull();
  });

  it('a window of another origin (reading it throws) is skipped, the search goes on above it', () => {
    const api = fakeScorm2004().api;
    const top: WindowLike = { API_1484_11: api };
    top.parent = top;
    const foreign: WindowLike = { parent: top };
    Object.defineProperty(foreign, 'API_1484_11', {
      get() {
        throw new DOMException('Blocked a frame with origin', 'SecurityError');
      },
    });
    expect(findLmsApi({ parent: foreign }, '2004')?.api).toBe(api);
    const unreadableParent = {} as WindowLike;
    Object.defineProperty(unreadableParent, 'parent', {
      get() {
        throw new DOMException('Blocked', 'SecurityError');
      },
    });
    expect(findLmsApi(unreadableParent, '2004')).toBeNull();
  });
});

describe('the launch page with a fake LMS (jsdom)', () => {
  let launcher: Launcher | null = null;
  let clock = 1_000_000;
  const launch = (version: '1.2' | '2004') => {
    launcher = startLauncher(win, config(version), { now: () => clock });
    return launcher;
  };
  /** A message as the course frame posts it. */
  const fromViewer = (data: unknown, origin = SERVER, source: unknown = launcher!.frame()!.contentWindow) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
  const posted = (l: Launcher) => vi.spyOn(l.frame()!.contentWindow!, 'postMessage');
  const message = () => document.getElementById('lernwerk-message')!;

  beforeEach(() => {
    vi.useFakeTimers();
    clock = 1_000_000;
  });
  afterEach(() => {
    launcher?.stop();
    launcher = null;
    vi.useRealTimers();
    vi.restoreAllMocks();
    delete win.API;
    delete win.API_1484_11;
    document.body.replaceChildren();
  });

  it('SCORM 1.2: initialises, reads the learner, opens the share in a frame and writes incomplete at once', () => {
    const lms = fakeScorm12();
    win.API = lms.api;
    const l = launch('1.2');
    expect(lms.calls[0]).toEqual(['LMSInitialize', '']);
    expect(lms.calls.filter((c) => c[0] === 'LMSGetValue').map((c) => c[1])).toEqual(
      expect.arrayContaining(['cmi.core.student_id', 'cmi.core.student_name', 'cmi.core.lesson_status', 'cmi.suspend_data', 'cmi.core.entry']),
    );
    const frame = l.frame()!;
    expect(frame.src).toBe(COURSE);
    expect(frame.title).toContain('Zellen & Gewebe');
    expect(lms.sets()).toEqual([
      ['cmi.core.lesson_status', 'incomplete'],
      ['cmi.core.session_time', '00:00:00.00'],
    ]);
    expect(lms.calls.at(-1)).toEqual(['LMSCommit', '']);
    expect(l.actor.getSnapshot().value).toEqual({ running: 'saved' });
    expect(message().hidden).toBe(true);
  });

  it('posts the hello (learner, suspend data) to the server origin only, on the frame’s load and on lms:ready', () => {
    const lms = fakeScorm12({ 'cmi.core.lesson_status': 'incomplete', 'cmi.suspend_data': '{"guest":"g1"}', 'cmi.core.entry': 'resume' });
    win.API = lms.api;
    const l = launch('1.2');
    const post = posted(l);
    l.frame()!.dispatchEvent(new Event('load'));
    fromViewer({ type: 'lms:ready' });
    const hello = {
      type: 'lms:hello',
      standard: 'scorm',
      version: '1.2',
      learner: { id: 'learner-7', name: 'Lovelace, Ada', firstName: 'Ada', lastName: 'Lovelace' },
      suspendData: '{"guest":"g1"}',
      entry: 'resume',
      suspendDataLimit: 4096,
      passingScore: null,
    };
    expect(post.mock.calls).toEqual([
      [hello, SERVER],
      [hello, SERVER],
    ]);
    // A resumed attempt keeps its status: nothing written.
    expect(lms.sets()).toEqual([]);
  });

  it('accepts messages only from the server origin and the course frame (origin check)', () => {
    const lms = fakeScorm12({ 'cmi.core.lesson_status': 'incomplete' });
    win.API = lms.api;
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    const l = launch('1.2');
    const post = posted(l);
    fromViewer({ type: 'lms:ready' }, 'https://evil.example');
    fromViewer({ type: 'lms:result', completion: 'completed', success: 'passed' }, 'https://evil.example');
    fromViewer({ type: 'lms:result', completion: 'completed' }, SERVER, window);
    fromViewer({ type: 'lms:result', completion: 'completed' }, 'null');
    fromViewer({ type: 'other:thing' });
    expect(post).not.toHaveBeenCalled();
    expect(lms.sets()).toEqual([]);
    expect(l.actor.getSnapshot().context.values.completion).toBe('incomplete');
    // The course frame answering from another origin is refused all the same, and the page says why nothing is saved.
    expect(message().hidden).toBe(false);
    expect(message().textContent).toContain(`reports from null, but this course package expects it from ${SERVER}`);
    fromViewer({ type: 'lms:result', completion: 'completed' });
    expect(lms.sets()[0]).toEqual(['cmi.core.lesson_status', 'completed']);
    expect(message().hidden).toBe(true);
  });

  it('commits on each change of status: completion, then success with the score (1.2 lesson status passed)', () => {
    const lms = fakeScorm12({ 'cmi.core.lesson_status': 'incomplete' });
    win.API = lms.api;
    launch('1.2');
    clock += 65_432;
    fromViewer({ type: 'lernwerk:progress', value: 1 });
    expect(lms.calls.slice(-2).map((c) => c[0])).toEqual(['LMSSetValue', 'LMSCommit']);
    expect(lms.sets()).toEqual([
      ['cmi.core.lesson_status', 'completed'],
      ['cmi.core.session_time', '00:01:05.43'],
    ]);
    fromViewer({ type: 'lms:result', success: 'passed', score: 0.875, suspendData: '{"s":1}' });
    expect(lms.sets().slice(2)).toEqual([
      ['cmi.core.lesson_status', 'passed'],
      ['cmi.core.score.min', '0'],
      ['cmi.core.score.max', '100'],
      ['cmi.core.score.raw', '87.5'],
      ['cmi.suspend_data', '{"s":1}'],
      ['cmi.core.session_time', '00:01:05.43'],
    ]);
    expect(lms.calls.filter((c) => c[0] === 'LMSCommit')).toHaveLength(2);
  });

  it('suspend data past 4,096 characters on 1.2 is refused whole: not written, the viewer and the learner are told', () => {
    const lms = fakeScorm12({ 'cmi.core.lesson_status': 'incomplete', 'cmi.suspend_data': 'kept' });
    win.API = lms.api;
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    const l = launch('1.2');
    const post = posted(l);
    fromViewer({ type: 'lms:result', suspendData: 'x'.repeat(4097) });
    expect(lms.sets()).toEqual([]);
    expect(lms.data.get('cmi.suspend_data')).toBe('kept');
    expect(post).toHaveBeenCalledWith(expect.objectContaining({ type: 'lms:notice', code: 'suspendDataTooLong', length: 4097, limit: 4096 }), SERVER);
    expect(message().hidden).toBe(false);
    expect(message().textContent).toContain('4097 von höchstens 4096 Zeichen');
    fromViewer({ type: 'lms:result', suspendData: 'y'.repeat(4096) });
    expect(lms.sets()).toEqual([['cmi.suspend_data', 'y'.repeat(4096)]]);
    expect(message().hidden).toBe(true);
  });

  it('2004: score, progress and suspend data are written at once and committed after the quiet time, or when the page is hidden', () => {
    const lms = fakeScorm2004({ 'cmi.completion_status': 'incomplete', 'cmi.entry': 'resume' });
    win.API_1484_11 = lms.api;
    launch('2004');
    clock += 3_723_450;
    fromViewer({ type: 'lms:result', score: 0.5, progress: 0.4, suspendData: 'y'.repeat(5000) });
    expect(lms.sets()).toEqual([
      ['cmi.score.min', '0'],
      ['cmi.score.max', '100'],
      ['cmi.score.raw', '50'],
      ['cmi.score.scaled', '0.5'],
      ['cmi.progress_measure', '0.4'],
      ['cmi.suspend_data', 'y'.repeat(5000)],
    ]);
    expect(lms.calls.some((c) => c[0] === 'Commit')).toBe(false);
    vi.advanceTimersByTime(SCORM_COMMIT_DELAY_MS);
    expect(lms.calls.at(-1)).toEqual(['Commit', '']);
    expect(lms.sets().at(-1)).toEqual(['cmi.session_time', 'PT1H2M3.45S']);
    fromViewer({ type: 'lernwerk:progress', value: 0.6 });
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(lms.calls.filter((c) => c[0] === 'Commit')).toHaveLength(2);
    fromViewer({ type: 'lms:result', completion: 'completed', success: 'failed' });
    expect(lms.sets().slice(-3)).toEqual([
      ['cmi.completion_status', 'completed'],
      ['cmi.success_status', 'failed'],
      ['cmi.session_time', 'PT1H2M3.45S'],
    ]);
  });

  it('on pagehide: session time, exit suspend, commit, LMSFinish; once (a later unload does nothing)', () => {
    const lms = fakeScorm12({ 'cmi.core.lesson_status': 'incomplete' });
    win.API = lms.api;
    const l = launch('1.2');
    clock += 12_340;
    window.dispatchEvent(new Event('pagehide'));
    expect(lms.calls.slice(-4)).toEqual([
      ['LMSSetValue', 'cmi.core.session_time', '00:00:12.34'],
      ['LMSSetValue', 'cmi.core.exit', 'suspend'],
      ['LMSCommit', ''],
      ['LMSFinish', ''],
    ]);
    const count = lms.calls.length;
    window.dispatchEvent(new Event('unload'));
    fromViewer({ type: 'lernwerk:progress', value: 1 });
    expect(lms.calls).toHaveLength(count);
    expect(l.actor.getSnapshot().value).toBe('terminated');
    expect(l.frame()!.hidden).toBe(true);
  });

  it('2004 on unload: Terminate after the session time (ISO 8601) and exit', () => {
    const lms = fakeScorm2004({ 'cmi.completion_status': 'completed' });
    win.API_1484_11 = lms.api;
    launch('2004');
    clock += 1_500;
    window.dispatchEvent(new Event('unload'));
    expect(lms.calls.slice(-4)).toEqual([
      ['SetValue', 'cmi.session_time', 'PT1.5S'],
      ['SetValue', 'cmi.exit', 'suspend'],
      ['Commit', ''],
      ['Terminate', ''],
    ]);
  });

  it('a failed commit shows the LMS error and tells the viewer; it is tried again after the quiet time', () => {
    const lms = fakeScorm12({ 'cmi.core.lesson_status': 'incomplete' }, { failCommit: '391' });
    win.API = lms.api;
    const l = launch('1.2');
    const post = posted(l);
    fromViewer({ type: 'lernwerk:progress', value: 1 });
    expect(post).toHaveBeenCalledWith(expect.objectContaining({ type: 'lms:notice', code: 'lmsError', lmsErrorCode: '391' }), SERVER);
    expect(message().hidden).toBe(false);
    expect(message().textContent).toContain('391: Commit failed');
    lms.options.failCommit = undefined;
    vi.advanceTimersByTime(SCORM_COMMIT_DELAY_MS);
    expect(l.actor.getSnapshot().value).toEqual({ running: 'saved' });
    expect(message().hidden).toBe(true);
  });

  it('outside an LMS: a clear message (German by default), no frame, nothing opened silently; a labelled link to look without saving', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-CH');
    const l = launch('1.2');
    expect(l.actor.getSnapshot().value).toBe('noLms');
    expect(l.frame()).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.documentElement.lang).toBe('de');
    expect(message().querySelector('h1')!.textContent).toBe('Dieser Kurs muss aus einer Lernplattform (LMS) gestartet werden.');
    expect(message().textContent).toContain('SCORM-Schnittstelle (API)');
    const link = message().querySelector('a')!;
    expect(link.textContent).toBe('Kurs trotzdem ansehen, ohne dass etwas gespeichert wird');
    expect(link.href).toBe(COURSE);
    expect(link.target).toBe('_blank');
  });

  it('outside an LMS in English when the browser’s language is English', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    launch('2004');
    expect(document.documentElement.lang).toBe('en');
    expect(message().querySelector('h1')!.textContent).toBe('This course must be started from a learning platform (LMS).');
    expect(message().textContent).toContain('SCORM interface (API_1484_11)');
  });

  it('an LMS whose API throws: Initialize counts as refused (its exception shown), a throwing Commit as a failed commit', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    const broken = fakeScorm12();
    broken.api.LMSInitialize = () => {
      throw new TypeError('LMS session expired');
    };
    win.API = broken.api;
    const refused = launch('1.2');
    expect(refused.actor.getSnapshot().value).toBe('failed');
    expect(message().textContent).toContain('Error exception: LMS session expired');
    refused.stop();
    document.body.replaceChildren();

    const flaky = fakeScorm12({ 'cmi.core.lesson_status': 'incomplete' });
    flaky.api.LMSCommit = () => {
      throw new Error('network down');
    };
    win.API = flaky.api;
    const l = launch('1.2');
    fromViewer({ type: 'lernwerk:progress', value: 1 });
    expect(l.actor.getSnapshot().value).toEqual({ running: 'unsaved' });
    expect(message().textContent).toContain('(exception: network down)');
  });

  it('a refused Initialize shows the LMS’s error and opens nothing', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    const lms = fakeScorm2004({}, { failInitialize: '101' });
    win.API_1484_11 = lms.api;
    const l = launch('2004');
    expect(l.actor.getSnapshot().value).toBe('failed');
    expect(l.frame()).toBeNull();
    expect(message().textContent).toContain('Error 101: General exception');
    expect(lms.sets()).toEqual([]);
  });
});

describe('SCORM data model mapping (server/scorm/launcher/lms.ts)', () => {
  it('session time: 1.2 HHHH:MM:SS.SS, 2004 ISO 8601 duration', () => {
    expect(sessionTime('1.2', 0)).toBe('00:00:00.00');
    expect(sessionTime('1.2', 3_723_456)).toBe('01:02:03.46');
    expect(sessionTime('1.2', 200 * 3_600_000)).toBe('200:00:00.00');
    expect(sessionTime('1.2', 20_000 * 3_600_000)).toBe('9999:59:59.99');
    expect(sessionTime('2004', 0)).toBe('PT0S');
    expect(sessionTime('2004', 3_723_456)).toBe('PT1H2M3.46S');
    expect(sessionTime('2004', 7_200_000)).toBe('PT2H');
    expect(sessionTime('2004', 60_000)).toBe('PT1M');
  });

  it('1.2 lesson status: passed/failed once completed and success is known, else completed/incomplete', () => {
    const v = { ...NOTHING_STORED };
    expect(lessonStatus12({ ...v, completion: 'incomplete', success: 'passed' })).toBe('incomplete');
    expect(lessonStatus12({ ...v, completion: 'completed' })).toBe('completed');
    expect(lessonStatus12({ ...v, completion: 'completed', success: 'failed' })).toBe('failed');
    // 1.2 keeps no progress measure and writes the status only when it changes.
    const started = { ...v, completion: 'incomplete' as const };
    expect(writesOf('1.2', started, { progress: 0.5 })).toEqual([]);
    expect(writesOf('1.2', started, { success: 'passed' })).toEqual([]);
    expect(writesOf('2004', started, { progress: 0.123456789 })).toEqual([['cmi.progress_measure', '0.1234568']]);
  });

  it('the config of the launch page is checked: version, origin, course on that origin', () => {
    expect(parseLaunchConfig(config('2004'))).toEqual(config('2004'));
    expect(() => parseLaunchConfig({ ...config('1.2'), version: '1.3' })).toThrow('unknown SCORM version');
    expect(() => parseLaunchConfig({ ...config('1.2'), serverOrigin: `${SERVER}/` })).toThrow('not an origin');
    expect(() => parseLaunchConfig({ ...config('1.2'), courseUrl: 'https://evil.example/s/x/' })).toThrow('courseUrl');
  });
});
