// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CertificateElement } from '../../../src/kinds/certificate/Certificate';
import { Certificate } from '../../../model/elements';
import { PageData } from '../../../model/pageData';
import { PageDataContext } from '../../../paint/PageDataContext';
import { IntersectionObserverDouble } from '../../setup';
import { isDisabled, modes, renderElement, textOf } from './renderElement';
import { expectVisible } from '../../support/visible';

const element = Certificate.parse({
  id: 'cert-1',
  modelName: 'Certificate',
  title: 'Certificate of completion',
  description: '<p>For finishing the course.</p>',
  validity: '2 years',
  logo: { file: 'logo.svg' },
});

const pageData = (loggedIn: boolean): PageData => ({
  entryPoint: 'material',
  baseUrl: '/s/abc',
  lang: 'en',
  share: null,
  shareSettings: { private: loggedIn, saveGuestSessions: false, scorm: false },
  preview: false,
  user: loggedIn ? { id: 'u1', email: 'a@b.ch', firstname: 'Ada', lastname: 'Muster', name: 'Ada Muster', roles: [], favoriteMaterialIds: [] } : null,
  guestSession: null,
  settings: PageData.shape.settings.parse({}),
  featureFlags: { FULLTEXT_SEARCH: false, ANNOTATION_COMMENTS: false, USE_GRAVATAR: false, PRIVATE_MODE: false, GENERATIVE_FEEDBACK: false, ERROR_REPORTING: false },
  api: { base: '/api', assets: '/assets' },
  userdata: { metadata: { shareId: null } }, learnerState: null,
});

const texts = {
  en: { download: 'Download certificate', notIssued: 'The certificate is issued once', issuedOn: 'Issued on', validity: 'Validity: 2 years' },
  de: { download: 'Zertifikat herunterladen', notIssued: 'Das Zertifikat wird ausgestellt', issuedOn: 'Ausgestellt am', validity: 'Gültigkeit: 2 years' },
};

describe.each(modes)('certificate ($name)', ({ lang, strict }) => {
  const text = texts[lang];

  it('shows title, description, validity, logo and a disabled download with an explanation', () => {
    renderElement(<CertificateElement element={element} />, { lang, strict });
    expectVisible(screen.getByRole('heading', { name: 'Certificate of completion' }));
    expectVisible(screen.getByText('For finishing the course.'));
    expectVisible(screen.getByText(text.validity));
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/api/assets/logo/logo.svg');
    const download = screen.getByRole('button', { name: text.download });
    expect(isDisabled(download)).toBe(true);
    expect(textOf(document.getElementById(download.getAttribute('aria-describedby')!))).toContain(text.notIssued);
    expect(screen.queryByText(new RegExp(text.issuedOn))).toBeNull();
  });

  it('a logged-in visitor gets the issue date when it scrolls into view, formatted for the language', () => {
    renderElement(
      <PageDataContext.Provider value={pageData(true)}>
        <CertificateElement element={element} />
      </PageDataContext.Provider>,
      { lang, strict },
    );
    const section = document.querySelector('section')!;
    expect(section.getAttribute('data-state')).toBe('notIssued');
    act(() => {
      for (const observer of IntersectionObserverDouble.instances) observer.simulate(section, true);
    });
    expect(section.getAttribute('data-state')).toBe('issued');
    const issued = document.querySelector('[data-issue-date]')!;
    const expected = new Intl.DateTimeFormat(`${lang}-CH`, { day: '2-digit', month: 'long', year: 'numeric' }).format(new Date(issued.getAttribute('data-issue-date')!));
    expect(textOf(issued)).toBe(`${text.issuedOn} ${expected}`);
  });

  it('an anonymous visitor does not get one', () => {
    renderElement(
      <PageDataContext.Provider value={pageData(false)}>
        <CertificateElement element={element} />
      </PageDataContext.Provider>,
      { lang, strict },
    );
    const section = document.querySelector('section')!;
    act(() => {
      for (const observer of IntersectionObserverDouble.instances) observer.simulate(section, true);
    });
    expect(section.getAttribute('data-state')).toBe('notIssued');
  });
});
