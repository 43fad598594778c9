import { describe, expect, it } from 'vitest';
import { savesRootProgress, trackingModeOf } from '../../model/tracking';

const page = (kind: 'public' | 'private' | 'guest' | 'scorm', options: { preview?: boolean; user?: boolean } = {}) => ({
  preview: options.preview ?? false,
  shareSettings: { private: kind === 'private', saveGuestSessions: kind === 'guest', scorm: kind === 'scorm' },
  user: options.user ? { id: 'u' } : null,
});

describe('what a share saves of a learner (as server/routes/userdata.ts and server/http/learnerAccess.ts decide)', () => {
  it('tracks users on private shares and guests on guest and scorm shares; nothing on public and preview shares', () => {
    expect(trackingModeOf(page('private', { user: true }))).toBe('user');
    expect(trackingModeOf(page('private'))).toBe('off');
    expect(trackingModeOf(page('guest'))).toBe('guest');
    expect(trackingModeOf(page('scorm'))).toBe('guest');
    expect(trackingModeOf(page('public'))).toBe('off');
    expect(trackingModeOf(page('guest', { preview: true }))).toBe('off');
  });

  it('saves root progress on private and guest shares, not on a scorm share (its LMS keeps it), nor in preview', () => {
    expect(savesRootProgress(page('private', { user: true }))).toBe(true);
    expect(savesRootProgress(page('guest'))).toBe(true);
    expect(savesRootProgress(page('scorm'))).toBe(false);
    expect(savesRootProgress(page('public'))).toBe(false);
    expect(savesRootProgress(page('guest', { preview: true }))).toBe(false);
  });
});
