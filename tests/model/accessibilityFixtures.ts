import type { MaterialInput } from '../../model/material';

/*
 * Two materials for the accessibility report (model/accessibility/report.ts): one with exactly one
 * problem of each kind the report knows, each at a known place, and the same material with every
 * problem fixed. Both pass the import's schema and sanitiser unchanged in what the report reads.
 */

/** The theme each material is checked with: light enough to fail 4.5:1 against white, and fixed. */
export const PALE_THEME = { primary: '#7f8fff' };
export const DARK_THEME = { primary: '#3a4195' };

type Fixes = {
  imageAlt: string | undefined;
  fileAlt: string;
  deepHeading: string;
  vagueLink: string;
  urlLinkText: string | undefined;
  imageLink: string;
  video: string;
  frame: string;
  question: string;
  language: string;
};

const PROBLEMS: Fixes = {
  imageAlt: undefined,
  fileAlt: 'IMG_1234.jpg',
  deepHeading: '<h4>Messwerte</h4>',
  vagueLink: '<a href="https://example.org/verordnung.pdf">hier</a>',
  urlLinkText: undefined,
  imageLink: '<a href="https://example.org/karte"><img src="https://example.org/karte.png" alt=""></a>',
  video: '<video src="https://example.org/film.mp4" controls></video>',
  frame: '<iframe src="https://example.org/widget"></iframe>',
  question: '<p>Welche Fläche im Bild ist die rote?</p>',
  language: 'Elbisch',
};

const FIXED: Fixes = {
  imageAlt: 'Regen über einer hügeligen Landschaft',
  fileAlt: 'Ein Brunnen im Querschnitt',
  deepHeading: '<h3>Messwerte</h3>',
  vagueLink: '<a href="https://example.org/verordnung.pdf">Trinkwasserverordnung (PDF)</a>',
  urlLinkText: 'Die Regeln des Wasserwerks',
  imageLink: '<a href="https://example.org/karte"><img src="https://example.org/karte.png" alt="Karte des Einzugsgebiets"></a>',
  video:
    '<video src="https://example.org/film.mp4" controls><track kind="captions" srclang="de" src="https://example.org/film.de.vtt" label="Deutsch"></video>',
  frame: '<iframe src="https://example.org/widget" title="Rechner für den Wasserverbrauch"></iframe>',
  question: '<p>Welche Fläche im Bild ist das Dreieck?</p>',
  language: 'de',
};

function materialInput(id: string, fixes: Fixes): MaterialInput {
  return {
    modelName: 'Material',
    id,
    publicId: id,
    title: 'Wasser',
    metadata: { sprache: fixes.language },
    content: [
      {
        modelName: 'Chapter',
        id: `${id}-kap-a`,
        publicId: `${id}-kap-a`,
        title: 'Kapitel A',
        content: [
          { modelName: 'Image', id: `${id}-bild-regen`, asset: { file: 'a11y/regen.jpg' }, ...(fixes.imageAlt ? { alt: fixes.imageAlt } : {}) },
          { modelName: 'Image', id: `${id}-bild-brunnen`, asset: { file: 'a11y/IMG_1234.jpg' }, alt: fixes.fileAlt },
          { modelName: 'Heading', id: `${id}-ueberschrift`, content: { html: 'Grundwasser' }, level: 2 },
          { modelName: 'Text', id: `${id}-text-werte`, content: { html: `${fixes.deepHeading}<p>Der Pegel sinkt im Sommer.</p>` } },
          { modelName: 'Text', id: `${id}-text-link`, content: { html: `<p>Die Verordnung steht ${fixes.vagueLink}.</p>` } },
          { modelName: 'Link', id: `${id}-link-regeln`, mode: 'url', url: 'https://example.org/regeln', ...(fixes.urlLinkText ? { text: fixes.urlLinkText } : {}) },
          { modelName: 'Text', id: `${id}-text-karte`, content: { html: `<p>${fixes.imageLink}</p>` } },
          {
            modelName: 'Chapter',
            id: `${id}-kap-a1`,
            publicId: `${id}-kap-a1`,
            title: 'Abschnitt A.1',
            content: [
              { modelName: 'Text', id: `${id}-text-film`, content: { html: fixes.video } },
              { modelName: 'HtmlElement', id: `${id}-rechner`, content: { html: fixes.frame } },
              {
                modelName: 'ChoiceQuestion',
                id: `${id}-frage`,
                type: 'sc',
                question: fixes.question,
                choices: [
                  { id: `${id}-frage-a`, text: '<p>Oben links</p>', correct: true },
                  { id: `${id}-frage-b`, text: '<p>Unten rechts</p>', correct: false },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
}

export const a11yProblemsInput = materialInput('a11y-probleme', PROBLEMS);
export const a11yCleanInput = materialInput('a11y-sauber', FIXED);
