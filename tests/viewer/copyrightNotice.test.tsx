// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageData } from '../../model/pageData';
import { copyrightNoticeOf, CopyrightNotice } from '../../src/viewer/CopyrightNotice';
import { PageDataContext } from '../../paint/PageDataContext';

const NOTICE = '© 2026 Lernwerk. Texte unter CC BY 4.0.';

function pageData({ isPrivate = false, preview = false, privateMode = false, notice = NOTICE as string | null } = {}): PageData {
  return {
    entryPoint: 'material',
    baseUrl: '/s/abc',
    lang: 'de',
    share: null,
    shareSettings: { private: isPrivate, saveGuestSessions: false, scorm: false },
    preview,
    user: null,
    guestSession: null,
    settings: PageData.shape.settings.parse(notice === null ? {} : { copyrightNotice: notice }),
    featureFlags: { FULLTEXT_SEARCH: false, ANNOTATION_COMMENTS: false, USE_GRAVATAR: false, PRIVATE_MODE: privateMode, GENERATIVE_FEEDBACK: false, ERROR_REPORTING: false },
    api: { base: '/api', assets: '/assets' },
    userdata: { metadata: { shareId: null } },
    learnerState: null,
  };
}

describe('the copyright notice of the settings (spec section 6)', () => {
  it('is shown on public, guest and collection pages, as the settings say it', () => {
    expect(copyrightNoticeOf(pageData())).toBe(NOTICE);
    expect(copyrightNoticeOf(pageData({ notice: `  ${NOTICE}\n` }))).toBe(NOTICE);
  });

  it('is hidden in private mode (a private share or the PRIVATE_MODE flag) and in preview', () => {
    expect(copyrightNoticeOf(pageData({ isPrivate: true }))).toBeNull();
    expect(copyrightNoticeOf(pageData({ privateMode: true }))).toBeNull();
    expect(copyrightNoticeOf(pageData({ preview: true }))).toBeNull();
  });

  it('is not there when the settings have none', () => {
    expect(copyrightNoticeOf(pageData({ notice: null }))).toBeNull();
    expect(copyrightNoticeOf(pageData({ notice: '  ' }))).toBeNull();
  });

  it('renders as the page footer (contentinfo), or not at all', () => {
    const { unmount } = render(
      <PageDataContext.Provider value={pageData()}>
        <CopyrightNotice />
      </PageDataContext.Provider>,
    );
    expect(screen.getByRole('contentinfo').textContent).toBe(NOTICE);
    unmount();
    render(
      <PageDataContext.Provider value={pageData({ preview: true })}>
        <CopyrightNotice />
      </PageDataContext.Provider>,
    );
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});
