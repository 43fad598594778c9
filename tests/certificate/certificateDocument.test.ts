import { describe, expect, it } from 'vitest';
import { certificateDocument, type CertificateLabels } from '../../src/certificate/certificateDocument';
import { certificateFileName } from '../../src/certificate/fileName';
import { htmlToParagraphs } from '../../src/certificate/htmlText';
import { withoutQuestionsBlock } from '../../src/certificate/questionsBlock';
import { certificateVisitor, issuesOnSight } from '../../src/certificate/visitor';
import { Certificate, ContentElement } from '../../model/elements';
import type { PageData } from '../../model/pageData';

const freeText = (id: string, instructions: string) =>
  ContentElement.parse({ modelName: 'FreeTextInput', id, instructions: { html: instructions } });

const elements = [
  freeText('wind', '<p>Warum verdunstet bei Wind <strong>mehr</strong> Wasser?</p>'),
  freeText('sparen', '<p>Drei Ideen zum Wassersparen.</p>'),
  freeText('unanswered', '<p>Bleibt leer.</p>'),
  ContentElement.parse({ modelName: 'Text', id: 'not-a-question', content: { html: '<p>Text</p>' } }),
];

const answers: Record<string, unknown> = { wind: '  Feuchte Luft wird fortgetragen.  ', sparen: 'Duschen statt baden.', unanswered: '   ', 'not-a-question': 'x' };

const labels: CertificateLabels = {
  issuedFor: 'issued for',
  material: 'for the learning material',
  answers: 'Your answers',
  issuedOn: (date) => `Issued on ${date}`,
  validity: (validity) => `Validity: ${validity}`,
};

const certificate = (fields: Partial<Certificate> = {}) =>
  Certificate.parse({
    modelName: 'Certificate',
    id: 'cert',
    title: 'Certificate of completion',
    description: '<p>Download it here.</p>',
    content: '<p>has completed the course.</p><p>[questions] [sparen] [unanswered] [wind] [missing] [not-a-question]</p><p>Well done &amp; thank you!</p>',
    validity: 'Two years',
    ...fields,
  });

const facts = { lang: 'en' as const, issuedFor: 'Ada Muster', issueDate: '2025-03-04T10:00:00.000Z', materialName: 'Water', elements, valueOf: (id: string) => answers[id], labels };

describe('what a certificate prints', () => {
  it('removes the [questions] block from the text and prints only the answered free texts it names, in its order', () => {
    const pdf = certificateDocument(certificate(), facts);
    expect(pdf.paragraphs).toEqual(['has completed the course.', 'Well done & thank you!']);
    expect(pdf.paragraphs.join(' ')).not.toMatch(/\[|questions/);
    expect(pdf.answers).toEqual([
      { question: 'Drei Ideen zum Wassersparen.', answer: 'Duschen statt baden.' },
      { question: 'Warum verdunstet bei Wind mehr Wasser?', answer: 'Feuchte Luft wird fortgetragen.' },
    ]);
  });

  it('prints no answers without a [questions] block, and none the learner has not given', () => {
    expect(certificateDocument(certificate({ content: '<p>Done.</p>' }), facts).answers).toEqual([]);
    expect(certificateDocument(certificate(), { ...facts, valueOf: () => undefined }).answers).toEqual([]);
    expect(certificateDocument(certificate(), { ...facts, valueOf: () => 42 }).answers).toEqual([]);
  });

  it('falls back to the description when the text holds nothing but the block', () => {
    expect(certificateDocument(certificate({ content: '<p>[questions] [wind]</p>' }), facts).paragraphs).toEqual(['Download it here.']);
  });

  it('dates the certificate with a 2-digit day, the long month and the year in {lang}-CH', () => {
    expect(certificateDocument(certificate(), facts).issueDateLine).toBe('Issued on 04 March 2025');
    const de = certificateDocument(certificate(), { ...facts, lang: 'de', labels: { ...labels, issuedOn: (date) => `Ausgestellt am ${date}` } });
    expect(de.issueDateLine).toBe('Ausgestellt am 04. März 2025');
  });

  it('names the person, the material and the validity, and leaves out an empty validity', () => {
    const pdf = certificateDocument(certificate(), facts);
    expect([pdf.title, pdf.issuedFor, pdf.materialName, pdf.validityLine]).toEqual(['Certificate of completion', 'Ada Muster', 'Water', 'Validity: Two years']);
    expect(certificateDocument(certificate({ validity: ' ' }), facts).validityLine).toBe('');
  });
});

describe('html as plain paragraphs', () => {
  it('splits blocks and line breaks, bullets list items, decodes entities and drops tags', () => {
    expect(htmlToParagraphs('<h2>Ziel</h2><p>Wasser&nbsp;sparen &ndash; &#8222;jetzt&#8220;<br>und &#x2192; morgen</p><ul><li>eins</li><li><em>zwei</em></li></ul><p> </p>')).toEqual([
      'Ziel', 'Wasser sparen – „jetzt“', 'und → morgen', '• eins', '• zwei',
    ]);
    expect(htmlToParagraphs('<script>alert(1)</script><p>a &lt;b&gt; &amp;unknown;</p>')).toEqual(['a <b> &unknown;']);
  });

  it('the [questions] block goes, with the ids between tags, and the rest stays', () => {
    expect(withoutQuestionsBlock('<p>Vorher</p><p>[questions]</p><p>[a]</p> [b-2]<p>Nachher [c]</p>')).toBe('<p>Vorher</p><p></p><p></p><p>Nachher [c]</p>');
  });
});

describe('file name', () => {
  it('is the translated word and the material in ASCII', () => {
    expect(certificateFileName('Teilnahmebestaetigung', 'Wasser im Alltag: vom Regen zum Trinkwasser')).toBe('Teilnahmebestaetigung-Wasser-im-Alltag-vom-Regen-zum-Trinkwasser.pdf');
    expect(certificateFileName('Certificate', 'Grüße aus Zürich – Straße & Café')).toBe('Certificate-Gruesse-aus-Zuerich-Strasse-Cafe.pdf');
    expect(certificateFileName('Certificate', '«»')).toBe('Certificate.pdf');
  });
});

describe('who may download how', () => {
  const base: Pick<PageData, 'preview' | 'user' | 'guestSession' | 'shareSettings'> = {
    preview: false,
    user: null,
    guestSession: null,
    shareSettings: { private: false, saveGuestSessions: false, scorm: false },
  };
  const user = { id: 'u', email: 'a@b.ch', firstname: 'Ada', lastname: 'Muster', name: 'Ada Muster', roles: [], favoriteMaterialIds: [] };

  it('tells users, guests, unsaved guests, anonymous and preview visitors apart', () => {
    expect(certificateVisitor(null)).toEqual({ kind: 'unknown' });
    expect(certificateVisitor({ ...base, preview: true, user })).toEqual({ kind: 'preview' });
    expect(certificateVisitor({ ...base, user, shareSettings: { ...base.shareSettings, private: true } })).toEqual({ kind: 'user', name: 'Ada Muster' });
    expect(certificateVisitor({ ...base, user: { ...user, name: '' } })).toEqual({ kind: 'user', name: 'Ada Muster' });
    expect(certificateVisitor({ ...base, guestSession: { publicId: 'g', name: 'Gabi Gast' } })).toEqual({ kind: 'guest', name: 'Gabi Gast' });
    expect(certificateVisitor({ ...base, shareSettings: { ...base.shareSettings, saveGuestSessions: true } })).toEqual({ kind: 'unsavedGuest' });
    expect(certificateVisitor({ ...base, shareSettings: { ...base.shareSettings, scorm: true } })).toEqual({ kind: 'unsavedGuest' });
    expect(certificateVisitor({ ...base, shareSettings: { ...base.shareSettings, private: true } })).toEqual({ kind: 'unknown' });
    expect(certificateVisitor(base)).toEqual({ kind: 'anonymous' });
  });

  it('issues on sight for users and saved guests only', () => {
    expect(issuesOnSight({ kind: 'user', name: 'A' })).toBe(true);
    expect(issuesOnSight({ kind: 'guest', name: 'A' })).toBe(true);
    for (const kind of ['unsavedGuest', 'anonymous', 'preview', 'unknown'] as const) expect(issuesOnSight({ kind })).toBe(false);
  });
});
