import { describe, expect, it, vi } from 'vitest';
import {
  LMS_HELLO_MESSAGE_TYPE,
  PROGRESS_MESSAGE_TYPE,
  createHostChannel,
  parseHostMessage,
  parseViewerMessage,
  splitLearnerName,
  type LmsHelloMessage,
} from '../../model/hostMessages';
import { PROGRESS_MESSAGE_TYPE as VIEWER_PROGRESS_MESSAGE_TYPE } from '../../src/viewer/useHostProgress';

const hello: LmsHelloMessage = {
  type: 'lms:hello',
  standard: 'scorm',
  version: '1.2',
  learner: { id: 'learner-7', name: 'Lovelace, Ada', firstName: 'Ada', lastName: 'Lovelace' },
  suspendData: '{"a":1}',
  entry: 'resume',
  suspendDataLimit: 4096,
  passingScore: 0.8,
};

describe('host message contract (model/hostMessages.ts)', () => {
  it('extends what the viewer already posts: {product}:progress is the same type', () => {
    expect(PROGRESS_MESSAGE_TYPE).toBe('lernwerk:progress');
    expect(PROGRESS_MESSAGE_TYPE).toBe(VIEWER_PROGRESS_MESSAGE_TYPE);
  });

  it('takes the viewer’s progress, ready and result; drops bad fields and foreign messages', () => {
    expect(parseViewerMessage({ type: 'lernwerk:progress', value: 0.25 })).toEqual({ type: 'lernwerk:progress', value: 0.25 });
    expect(parseViewerMessage({ type: 'lernwerk:progress', value: 1.5 })).toBeNull();
    expect(parseViewerMessage({ type: 'lernwerk:progress', value: Number.NaN })).toBeNull();
    expect(parseViewerMessage({ type: 'lms:ready', extra: 1 })).toEqual({ type: 'lms:ready' });
    expect(
      parseViewerMessage({ type: 'lms:result', completion: 'completed', success: 'passed', score: 0.75, progress: 1, suspendData: 'x', learner: 'no' }),
    ).toEqual({ type: 'lms:result', completion: 'completed', success: 'passed', score: 0.75, progress: 1, suspendData: 'x' });
    expect(parseViewerMessage({ type: 'lms:result', completion: 'done', score: -1, suspendData: 5, success: 'passed' })).toEqual({
      type: 'lms:result',
      success: 'passed',
    });
    expect(parseViewerMessage({ type: 'lms:result', completion: 'done' })).toBeNull();
    for (const foreign of [null, 'lernwerk:progress', [], { type: 'other:progress', value: 1 }, { type: 'lms:hello' }]) {
      expect(parseViewerMessage(foreign)).toBeNull();
    }
  });

  it('takes the host’s hello and notice, checked; fills first and last name from the LMS name when absent', () => {
    expect(parseHostMessage(hello)).toEqual(hello);
    const { firstName: _f, lastName: _l, ...bare } = hello.learner;
    expect(parseHostMessage({ ...hello, learner: bare })).toEqual(hello);
    expect(parseHostMessage({ ...hello, version: '2004 4th' })).toBeNull();
    expect(parseHostMessage({ ...hello, entry: 'later' })).toBeNull();
    expect(parseHostMessage({ ...hello, suspendDataLimit: -1 })).toBeNull();
    expect(parseHostMessage({ type: 'lms:notice', code: 'suspendDataTooLong', length: 5000, limit: 4096, message: 'too long' })).toEqual({
      type: 'lms:notice', code: 'suspendDataTooLong', length: 5000, limit: 4096, message: 'too long',
    });
    expect(parseHostMessage({ type: 'lms:notice', code: 'other', message: 'x' })).toBeNull();
  });

  it('splits an LMS learner name: "Last, First", "First Last", one word', () => {
    expect(splitLearnerName('Lovelace, Ada')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(splitLearnerName('  von Neumann,  John  ')).toEqual({ firstName: 'John', lastName: 'von Neumann' });
    expect(splitLearnerName('Ada King Lovelace')).toEqual({ firstName: 'Ada King', lastName: 'Lovelace' });
    expect(splitLearnerName('Cher')).toEqual({ firstName: '', lastName: 'Cher' });
  });
});

describe('the viewer’s side of the channel (createHostChannel)', () => {
  const setup = () => {
    const parent = { postMessage: vi.fn() };
    const win = { parent };
    return { parent, win, channel: createHostChannel(win) };
  };

  it('takes host messages only from its parent, pins the origin of the first hello and then refuses other origins', () => {
    const { parent, channel } = setup();
    expect(channel.accept({ data: hello, origin: 'https://lms.example', source: {} })).toBeNull();
    expect(channel.accept({ data: { type: 'lms:notice', code: 'lmsError', message: 'x' }, origin: 'https://lms.example', source: parent })).toBeNull();
    expect(channel.accept({ data: hello, origin: 'https://lms.example', source: parent })?.type).toBe(LMS_HELLO_MESSAGE_TYPE);
    expect(channel.hostOrigin).toBe('https://lms.example');
    expect(channel.accept({ data: hello, origin: 'https://evil.example', source: parent })).toBeNull();
    expect(channel.accept({ data: { type: 'lms:notice', code: 'lmsError', message: 'x' }, origin: 'https://lms.example', source: parent })?.type).toBe('lms:notice');
  });

  it('sends results (learner data) only to the pinned origin, never before a hello; progress and ready to any framing page', () => {
    const { parent, channel } = setup();
    expect(channel.post({ type: 'lms:result', suspendData: 'secret' })).toBe(false);
    expect(parent.postMessage).not.toHaveBeenCalled();
    expect(channel.post({ type: 'lms:ready' })).toBe(true);
    expect(parent.postMessage).toHaveBeenLastCalledWith({ type: 'lms:ready' }, '*');
    channel.accept({ data: hello, origin: 'https://lms.example', source: parent });
    expect(channel.post({ type: 'lms:result', completion: 'completed' })).toBe(true);
    expect(parent.postMessage).toHaveBeenLastCalledWith({ type: 'lms:result', completion: 'completed' }, 'https://lms.example');
    channel.post({ type: 'lernwerk:progress', value: 0.5 });
    expect(parent.postMessage).toHaveBeenLastCalledWith({ type: 'lernwerk:progress', value: 0.5 }, '*');
  });

  it('outside a frame (its own parent) it takes and sends nothing', () => {
    const win = { parent: undefined as unknown as { postMessage: () => void } };
    win.parent = win as unknown as { postMessage: () => void };
    const channel = createHostChannel(win);
    expect(channel.accept({ data: hello, origin: 'https://lms.example', source: win })).toBeNull();
    expect(channel.post({ type: 'lms:ready' })).toBe(false);
  });

  it('takes a cmi5 AU\'s hello (standard cmi5, version 1.0) with the chapter it covers; refuses an unknown standard or version', () => {
    const cmi5 = { ...hello, standard: 'cmi5', version: '1.0', chapterPublicId: 'kapitel-2' };
    expect(parseHostMessage(cmi5)).toEqual(cmi5);
    expect(parseHostMessage({ ...cmi5, chapterPublicId: '../x' })).not.toHaveProperty('chapterPublicId');
    expect(parseHostMessage({ ...cmi5, version: '2.0' })).toBeNull();
    expect(parseHostMessage({ ...hello, standard: 'aicc' })).toBeNull();
  });
});
