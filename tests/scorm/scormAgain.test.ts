// @vitest-environment jsdom
import { Scorm12API, Scorm2004API } from 'scorm-again';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLauncher, type Launcher } from '../../server/scorm/launcher/launcher';

/*
 * The launcher against a real SCORM run-time, scorm-again (a devDependency: an LMS's API as an LMS
 * page installs it, `window.API = new Scorm12API(settings)` / `window.API_1484_11 = new
 * Scorm2004API(settings)`), in jsdom: every value the launcher writes must be one scorm-again's
 * validating data model takes (error 0 after each call), and the data model must end as the viewer
 * reported. Not the end-to-end test in a browser (Playwright), which runs the package in a real LMS page.
 */

const SERVER = 'https://lernwerk.school.example';
const COURSE = `${SERVER}/s/AbCdEfGhIjKlMnOpQrStUvWx/`;
type Win = Window & typeof globalThis & { API?: unknown; API_1484_11?: unknown };
const win = window as Win;
/** No console output, no commit URL: scorm-again keeps the data in its cmi object. */
const SETTINGS = { logLevel: 5, autocommit: false };

describe('the launcher with scorm-again as the LMS API', () => {
  let launcher: Launcher | null = null;
  let clock = 0;
  const fromViewer = (data: unknown) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin: SERVER, source: launcher!.frame()!.contentWindow }));

  afterEach(() => {
    launcher?.stop();
    launcher = null;
    delete win.API;
    delete win.API_1484_11;
    document.body.replaceChildren();
    vi.restoreAllMocks();
  });

  it('SCORM 1.2: status, score, suspend data, session time and exit as scorm-again keeps them; no LMS error', () => {
    const api = new Scorm12API(SETTINGS);
    api.loadFromJSON({ core: { student_id: 'learner-7', student_name: 'Lovelace, Ada', lesson_status: 'not attempted', entry: 'ab-initio' }, student_data: { mastery_score: '80' } });
    win.API = api;
    const errors: string[] = [];
    const sets: string[][] = [];
    for (const name of ['LMSSetValue', 'LMSCommit', 'LMSFinish'] as const) {
      const original = api[name].bind(api) as (...args: string[]) => string;
      vi.spyOn(api, name).mockImplementation(((...args: string[]) => {
        if (name === 'LMSSetValue') sets.push(args);
        const answer = original(...args);
        if (api.lmsGetLastError() !== '0') errors.push(`${name}(${args.join(', ')}): ${api.lmsGetLastError()}`);
        return answer;
      }) as never);
    }
    clock = 0;
    launcher = startLauncher(win, { version: '1.2', serverOrigin: SERVER, courseUrl: COURSE, title: 'Zellen' }, { now: () => clock });
    const post = vi.spyOn(launcher.frame()!.contentWindow!, 'postMessage');
    expect(api.cmi.core.lesson_status).toBe('incomplete');
    fromViewer({ type: 'lms:ready' });
    // The LMS's mastery score (0 to 100) reaches the viewer as its passing score (0 to 1).
    expect(post.mock.calls[0][0]).toMatchObject({ learner: { id: 'learner-7', firstName: 'Ada', lastName: 'Lovelace' }, passingScore: 0.8 });
    fromViewer({ type: 'lms:result', completion: 'completed', success: 'passed', score: 0.875, suspendData: '{"guest":"g1"}' });
    expect(api.cmi.core.lesson_status).toBe('passed');
    expect(api.cmi.core.score.raw).toBe('87.5');
    expect(api.cmi.suspend_data).toBe('{"guest":"g1"}');
    fromViewer({ type: 'lms:result', suspendData: 'x'.repeat(4097) });
    expect(api.cmi.suspend_data).toBe('{"guest":"g1"}');
    clock = 3_723_456;
    window.dispatchEvent(new Event('pagehide'));
    // Write-only elements: what was written, and taken (no error above).
    expect(sets.slice(-2)).toEqual([
      ['cmi.core.session_time', '01:02:03.46'],
      ['cmi.core.exit', 'suspend'],
    ]);
    expect(api.isTerminated()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('SCORM 2004: completion, success, scaled score, progress, suspend data, session time; Terminate; no LMS error', () => {
    const api = new Scorm2004API(SETTINGS);
    api.loadFromJSON({ learner_id: 'learner-9', learner_name: 'Hopper, Grace', completion_status: 'unknown', entry: 'ab-initio' });
    win.API_1484_11 = api;
    const errors: string[] = [];
    const sets: string[][] = [];
    for (const name of ['SetValue', 'Commit', 'Terminate'] as const) {
      const original = api[name].bind(api) as (...args: string[]) => string;
      vi.spyOn(api, name).mockImplementation(((...args: string[]) => {
        if (name === 'SetValue') sets.push(args);
        const answer = original(...args);
        if (api.lmsGetLastError() !== '0') errors.push(`${name}(${args.join(', ')}): ${api.lmsGetLastError()}`);
        return answer;
      }) as never);
    }
    clock = 0;
    launcher = startLauncher(win, { version: '2004', serverOrigin: SERVER, courseUrl: COURSE, title: 'Zellen' }, { now: () => clock });
    expect(api.cmi.completion_status).toBe('incomplete');
    fromViewer({ type: 'lernwerk:progress', value: 0.4 });
    fromViewer({ type: 'lms:result', completion: 'completed', success: 'failed', score: 0.25, progress: 1, suspendData: 'y'.repeat(5000) });
    expect(api.cmi.completion_status).toBe('completed');
    expect(api.cmi.success_status).toBe('failed');
    expect(api.cmi.score.scaled).toBe('0.25');
    expect(api.cmi.progress_measure).toBe('1');
    expect(api.cmi.suspend_data).toHaveLength(5000);
    clock = 90_500;
    window.dispatchEvent(new Event('pagehide'));
    expect(sets.slice(-2)).toEqual([
      ['cmi.session_time', 'PT1M30.5S'],
      ['cmi.exit', 'suspend'],
    ]);
    expect(api.isTerminated()).toBe(true);
    expect(errors).toEqual([]);
  });
});
