// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { formatCertificateDate } from '../../i18n';
import { PageData } from '../../model/pageData';
import { IntersectionObserverDouble } from '../setup';
import { renderInViewer } from '../support/elementInViewer';
import { fontFileName, readFontFile } from './fontFiles';
import { pdfPageTexts } from './pdfText';
import { expectVisible } from '../support/visible';

const logoPng = new Uint8Array(readFileSync(path.resolve(__dirname, '../../content/assets/logo.png')));

const content = [
  { modelName: 'FreeTextInput', id: 'wind', instructions: { html: '<p>Why does wind dry the kettle?</p>' } },
  { modelName: 'FreeTextInput', id: 'skipped', instructions: { html: '<p>Left empty.</p>' } },
  {
    modelName: 'Certificate',
    id: 'cert',
    title: 'Certificate of completion',
    content: '<p>has completed the course.</p><p>[questions] [skipped] [wind]</p>',
    validity: 'Two years',
    logo: { file: 'logo.png' },
  },
];

type Visitor = 'anonymous' | 'user' | 'guest' | 'unsavedGuest' | 'preview';

function pageData(visitor: Visitor): PageData {
  return {
    entryPoint: 'material',
    baseUrl: '/s/abc',
    lang: 'en',
    share: null,
    shareSettings: { private: visitor === 'user', saveGuestSessions: visitor === 'guest' || visitor === 'unsavedGuest', scorm: false },
    preview: visitor === 'preview',
    user: visitor === 'user' ? { id: 'u1', email: 'a@b.ch', firstname: 'Ada', lastname: 'Muster', name: 'Ada Muster', roles: [], favoriteMaterialIds: [] } : null,
    guestSession: visitor === 'guest' ? { publicId: 'g1', name: 'Gabi Gäßler' } : null,
    settings: PageData.shape.settings.parse({}),
    featureFlags: { FULLTEXT_SEARCH: false, ANNOTATION_COMMENTS: false, USE_GRAVATAR: false, PRIVATE_MODE: false, GENERATIVE_FEEDBACK: false, ERROR_REPORTING: false },
    api: { base: '/api', assets: '/assets' },
    userdata: { metadata: { shareId: null } }, learnerState: null,
  };
}

const texts = {
  en: {
    download: 'Download certificate', firstName: 'First name', lastName: 'Last name', fileName: 'Certificate-Walk.pdf', downloaded: 'The certificate has been downloaded.',
    saveFirst: 'You must save your learning status in order to download the certificate.', preview: 'The certificate cannot be downloaded in the preview.',
    issuedFor: (name: string) => `Issued for ${name}.`, issuedOn: 'Issued on', answers: 'Your answers',
  },
  de: {
    download: 'Zertifikat herunterladen', firstName: 'Vorname', lastName: 'Nachname', fileName: 'Teilnahmebestaetigung-Walk.pdf', downloaded: 'Das Zertifikat wurde heruntergeladen.',
    saveFirst: 'Du musst deinen Lernstand speichern, um das Zertifikat herunterladen zu können.', preview: 'In der Vorschau kann das Zertifikat nicht heruntergeladen werden.',
    issuedFor: (name: string) => `Ausgestellt für ${name}.`, issuedOn: 'Ausgestellt am', answers: 'Deine Antworten',
  },
};

/** Files the page handed the browser to save (the link click is caught, jsdom cannot navigate). */
let files: { name: string; blob: Blob }[] = [];
/** What the page fetched: the logo by URL, font files by file name. */
let fetched: string[] = [];
let logoStatus = 200;
let fontStatus = 200;
const isFont = (url: string) => url.endsWith('.woff');

beforeEach(() => {
  files = [];
  fetched = [];
  logoStatus = 200;
  fontStatus = 200;
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  vi.stubGlobal('fetch', async (url: string) => {
    if (isFont(url)) {
      fetched.push(fontFileName(url));
      return new Response(fontStatus === 200 ? await readFontFile(url) : 'missing', { status: fontStatus });
    }
    fetched.push(url);
    return new Response(logoStatus === 200 ? logoPng : 'missing', { status: logoStatus });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function show(visitor: Visitor, lang: 'de' | 'en') {
  const view = renderInViewer(content, 'cert', { lang, pageData: pageData(visitor) });
  const section = view.root.querySelector('section')!;
  const issueDate = () => view.actor().getSnapshot().context.issueDate as string | null;
  const scrollIntoView = () =>
    act(() => {
      for (const observer of IntersectionObserverDouble.instances) observer.simulate(section, true);
    });
  const answer = (id: string, value: string) => {
    const elementActors = (view.viewer.getSnapshot().context as { elementActors: Record<string, AnyActorRef> }).elementActors;
    act(() => elementActors[id].send({ type: 'answer.change', value }));
  };
  return { ...view, section, issueDate, scrollIntoView, answer };
}

async function downloadedPdf(index = 0) {
  // The first download loads the PDF chunk (pdf-lib, fontkit): on a busy machine that takes seconds.
  await waitFor(() => expect(files.length).toBeGreaterThan(index), { timeout: 15_000 });
  const bytes = new Uint8Array(await files[index].blob.arrayBuffer());
  const doc = await PDFDocument.load(bytes);
  const { width, height } = doc.getPage(0).getSize();
  return {
    name: files[index].name,
    type: files[index].blob.type,
    lines: (await pdfPageTexts(bytes)).flat(),
    portraitA4: Math.abs(width - 595.28) < 0.01 && Math.abs(height - 841.89) < 0.01,
    hasImage: Buffer.from(bytes).toString('latin1').includes('/Subtype /Image'),
    /** The fonts the PDF embeds (Noto Sans subsets) or names (Helvetica). */
    fonts: [...Buffer.from(bytes).toString('latin1').matchAll(/\/BaseFont \/(NotoSans-\w+|Helvetica[\w-]*)/g)].map((match) => match[1].replace(/-\d+$/, '')),
  };
}

describe.each(['en', 'de'] as const)('certificate download (%s)', (lang) => {
  const text = texts[lang];
  /** An anonymous visitor fills in the name form and presses Download. */
  const downloadAs = async (view: ReturnType<typeof show>, firstName: string, lastName: string) => {
    const form = within(view.section);
    await view.user.type(form.getByRole('textbox', { name: text.firstName }), firstName);
    await view.user.type(form.getByRole('textbox', { name: text.lastName }), lastName);
    await view.user.click(form.getByRole('button', { name: text.download }));
  };

  it('an anonymous visitor enters a name; the first download issues the certificate and prints the answered free texts', async () => {
    const view = show('anonymous', lang);
    view.answer('wind', 'Dry air takes the vapour away.');
    view.scrollIntoView();
    expect(view.issueDate()).toBeNull();
    const form = within(view.section);
    await downloadAs(view, 'Jürgen', 'Weiß');

    const pdf = await downloadedPdf();
    const issued = view.issueDate()!;
    expect(issued).not.toBeNull();
    expect(view.section.dataset.state).toBe('issued');
    expect(pdf).toMatchObject({ name: text.fileName, type: 'application/pdf', portraitA4: true, hasImage: true });
    expect(pdf.lines).toEqual(
      expect.arrayContaining(['Certificate of completion', 'Jürgen Weiß', 'Walk', 'has completed the course.', text.answers, 'Why does wind dry the kettle?', 'Dry air takes the vapour away.']),
    );
    expect(pdf.lines).toContain(`${text.issuedOn} ${formatCertificateDate(issued, lang)}`);
    expect(pdf.lines.join('\n')).not.toMatch(/Left empty|\[questions\]/);
    // The logo and Noto Sans latin, regular and bold: the texts need no other subset.
    expect([...fetched].sort()).toEqual(['/assets/logo/logo.png', 'noto-sans-latin-400-normal.woff', 'noto-sans-latin-700-normal.woff']);
    expect(new Set(pdf.fonts)).toEqual(new Set(['NotoSans-Regular', 'NotoSans-Bold']));
    expectVisible(await within(view.section).findByText(text.downloaded));
    expect((form.getByRole('textbox', { name: text.firstName }) as HTMLInputElement).value).toBe('');

    // A second download keeps the first issue date.
    await view.user.type(form.getByRole('textbox', { name: text.firstName }), 'Ada');
    await view.user.type(form.getByRole('textbox', { name: text.lastName }), 'Muster{Enter}');
    const second = await downloadedPdf(1);
    expect(second.lines).toContain('Ada Muster');
    expect(view.issueDate()).toBe(issued);
  });

  it('a logged-in user downloads with their own name once the certificate came into view', async () => {
    const view = show('user', lang);
    const button = within(view.section).getByRole('button', { name: text.download });
    expect(button.hasAttribute('disabled') || button.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(within(view.section).queryByRole('textbox')).toBeNull();
    view.scrollIntoView();
    expect(view.issueDate()).not.toBeNull();
    expectVisible(within(view.section).getByText(text.issuedFor('Ada Muster')));
    await view.user.click(button);
    const pdf = await downloadedPdf();
    expect(pdf.lines).toContain('Ada Muster');
    expect(pdf.lines).not.toContain(text.answers);
  });

  it('a guest with a saved session downloads with the session name, even when the logo cannot be fetched', async () => {
    logoStatus = 404;
    const view = show('guest', lang);
    view.scrollIntoView();
    await view.user.click(within(view.section).getByRole('button', { name: text.download }));
    const pdf = await downloadedPdf();
    expect(pdf.lines).toContain('Gabi Gäßler');
    expect(pdf).toMatchObject({ portraitA4: true, hasImage: false });
  });

  it('a tracked guest on a share gets the verification code and the QR code of its address printed, asked of the server once', async () => {
    const asked: { url: string; body: unknown }[] = [];
    const served = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (!url.endsWith('/certificates')) return served(url);
      asked.push({ url, body: JSON.parse(String(init?.body)) });
      const facts = { learnerName: 'Gabi Gäßler', materialTitle: 'Walk', certificateTitle: 'Certificate of completion', validity: 'Two years', issuedOn: '2026-11-20T09:15:30Z', issuer: { name: 'School', url: 'https://lernwerk.example' } };
      return Response.json({ data: { code: 'ABCDEFGHJKMN', verifyUrl: 'https://lernwerk.example/verify/ABCDEFGHJKMN', credential: 'x.y.z', facts } });
    });
    const data = { ...pageData('guest'), share: { publicId: 'abc', rootModelName: 'Material' as const, rootId: 'walk', rootPublicId: 'walk' } };
    const view = renderInViewer(content, 'cert', { lang, pageData: data });
    const section = view.root.querySelector('section')!;
    act(() => {
      for (const observer of IntersectionObserverDouble.instances) observer.simulate(section, true);
    });
    await view.user.click(within(section).getByRole('button', { name: text.download }));
    const pdf = await downloadedPdf();
    expect(asked).toEqual([{ url: '/api/shares/abc/certificates', body: { certificateId: 'cert', guestSessionId: 'g1' } }]);
    const code = lang === 'de' ? 'Prüfcode: ABCD-EFGH-JKMN' : 'Verification code: ABCD-EFGH-JKMN';
    const at = lang === 'de' ? 'Echtheit prüfen: https://lernwerk.example/verify/ABCDEFGHJKMN' : 'Check it at https://lernwerk.example/verify/ABCDEFGHJKMN';
    expect(pdf.lines).toEqual(expect.arrayContaining([code, at]));
    expect(pdf.lines.indexOf(code)).toBeGreaterThan(pdf.lines.findIndex((line) => line.startsWith(text.issuedOn)));
  });

  it('prints a name with letters outside Latin-1 as written, fetching the font subset it needs', async () => {
    const view = show('anonymous', lang);
    await downloadAs(view, 'Zofia', 'Łukasiewicz-Dvořák');
    const pdf = await downloadedPdf();
    expect(pdf.lines).toContain('Zofia Łukasiewicz-Dvořák');
    expect(fetched.filter(isFont).sort()).toEqual(['noto-sans-latin-400-normal.woff', 'noto-sans-latin-700-normal.woff', 'noto-sans-latin-ext-700-normal.woff']);
  });

  it('still makes the certificate when the fonts cannot be fetched, in Helvetica with stand-ins', async () => {
    fontStatus = 404;
    const view = show('anonymous', lang);
    await downloadAs(view, 'Zofia', 'Łukasiewicz-Dvořák');
    const pdf = await downloadedPdf();
    expect(pdf.lines).toContain('Zofia Lukasiewicz-Dvorák');
    expect(pdf.fonts).toEqual(expect.arrayContaining(['Helvetica', 'Helvetica-Bold']));
    expect(pdf.fonts.some((font) => font.startsWith('NotoSans'))).toBe(false);
    expectVisible(await within(view.section).findByText(text.downloaded));
  });

  it('a guest who has not saved is asked to save first and gets nothing issued', () => {
    const view = show('unsavedGuest', lang);
    view.scrollIntoView();
    const button = within(view.section).getByRole('button', { name: text.download });
    expect(button.getAttribute('aria-disabled') === 'true' || button.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(text.saveFirst);
    expect(within(view.section).queryByRole('textbox')).toBeNull();
    expect(view.issueDate()).toBeNull();
  });

  it('the preview offers no download and says so', () => {
    const view = show('preview', lang);
    view.scrollIntoView();
    expect(within(view.section).queryByRole('button')).toBeNull();
    expect(within(view.section).queryByRole('textbox')).toBeNull();
    expectVisible(screen.getByText(text.preview));
    expect(view.issueDate()).toBeNull();
  });
});

describe('certificate download when the server gives no verification code', () => {
  it('asks three times, 1.5 s apart, then makes the PDF without code and address', async () => {
    const asked: string[] = [];
    const served = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string) => {
      if (!url.endsWith('/certificates')) return served(url);
      asked.push(url);
      return Response.json({ errors: [{ path: '', message: 'No certificate of this learner here' }] }, { status: 404 });
    });
    const data = { ...pageData('guest'), share: { publicId: 'abc', rootModelName: 'Material' as const, rootId: 'walk', rootPublicId: 'walk' } };
    const view = renderInViewer(content, 'cert', { lang: 'en', pageData: data });
    const section = view.root.querySelector('section')!;
    act(() => {
      for (const observer of IntersectionObserverDouble.instances) observer.simulate(section, true);
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await view.user.click(within(section).getByRole('button', { name: texts.en.download }));
    const pdf = await downloadedPdf();
    expect(asked).toHaveLength(3);
    expect(pdf.lines).toContain('Gabi Gäßler');
    expect(pdf.lines.some((line) => line.startsWith('Verification code') || line.startsWith('Check it at'))).toBe(false);
    expect(warn).toHaveBeenCalledWith('The certificate has no verification code this time', expect.anything());
  });
});
