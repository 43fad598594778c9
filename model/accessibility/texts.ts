import type { A11yFinding, A11yProblem, A11yReport } from './findings';

/** The languages the report speaks: German (the default) and English. */
export type ReportLanguage = 'de' | 'en';

type Values = Record<string, string>;
interface ProblemText {
  problem: (v: Values) => string;
  fix: (v: Values) => string;
}

const DE: Record<A11yProblem, ProblemText> = {
  imageAltMissing: {
    problem: (v) => `Das Bild ${v.file ?? ''} hat keinen Alternativtext.`.replace('  ', ' '),
    fix: () => 'Beschreiben Sie im Alternativtext (alt) knapp, was das Bild zeigt und wozu es dient; ein rein schmückendes Bild in HTML erhält alt="".',
  },
  imageAltPlaceholder: {
    problem: (v) => `Der Alternativtext „${v.alt}“ beschreibt das Bild nicht (Dateiname oder Platzhalter; Datei ${v.file}).`,
    fix: () => 'Ersetzen Sie ihn durch eine Beschreibung dessen, was das Bild zeigt und wozu es dient.',
  },
  headingSkipsLevel: {
    problem: (v) => `Die Überschrift „${v.text}“ springt von ${v.from} auf ${v.to} und überspringt damit eine Ebene.`,
    fix: (v) => `Geben Sie ihr die Ebene h${Number(v.from.slice(1)) + 1} oder höher (der Seitentitel ist h1, eine Überschrift-Ebene 1 wird als h2 gezeigt), oder fügen Sie die fehlende Zwischenüberschrift ein.`,
  },
  linkNameVague: {
    problem: (v) => `Der Linktext „${v.name}“ sagt nicht, wohin der Link führt (${v.href}).`,
    fix: () => 'Formulieren Sie den Linktext so, dass er auch ohne den umgebenden Satz das Ziel nennt, z. B. „Trinkwasserverordnung (PDF)“ statt „hier“.',
  },
  linkNameUrl: {
    problem: (v) => `Der Link nennt als Text nur seine Adresse ${v.href}.`,
    fix: () => 'Geben Sie dem Link einen Text, der das Ziel benennt (beim Link-Element das Feld „text“); Screenreader lesen eine Adresse Zeichen für Zeichen vor.',
  },
  linkNameEmpty: {
    problem: (v) => `Der Link nach ${v.href} hat keinen Namen (kein Text, kein Alternativtext eines Bildes darin, kein aria-label).`,
    fix: () => 'Geben Sie dem Link einen Text, der das Ziel benennt, oder dem Bild darin einen Alternativtext.',
  },
  themeContrast: {
    problem: (v) => `Die Themenfarbe ${v.colour} hat gegen Weiß nur einen Kontrast von ${v.ratio}:1 (nötig sind ${v.required}:1 für Text, WCAG 1.4.3): weißer Text auf Schaltflächen und Links in dieser Farbe sind schwer lesbar.`,
    fix: () => 'Wählen Sie in den Einstellungen (themeColorOverrides.primary) eine dunklere Farbe, die gegen Weiß mindestens 4,5:1 erreicht.',
  },
  videoWithoutCaptions: {
    problem: (v) => `Das Video ${v.src} hat keine Untertitel (keine Spur <track kind="captions"> oder kind="subtitles").`,
    fix: () => 'Fügen Sie eine Untertiteldatei (WebVTT) als <track kind="captions" srclang="de" src="…"> hinzu.',
  },
  embedWithoutTitle: {
    problem: (v) => `Der eingebettete Inhalt ${v.src} hat keinen Titel; Screenreader nennen nur einen allgemeinen Namen.`,
    fix: () => 'Geben Sie dem Element einen Titel (Feld „title“ oder „text“, beim Einbettungscode das Attribut title des iframe), der sagt, was der Rahmen zeigt.',
  },
  colourOnly: {
    problem: (v) => `Die Aufgabe verweist nur über die Farbe auf etwas („${v.words}“); wer Farben nicht unterscheidet, kann sie nicht lösen.`,
    fix: () => 'Benennen Sie das Gemeinte zusätzlich anders: über Form, Beschriftung, Nummer oder Lage (z. B. „das Dreieck oben links“).',
  },
  languageMissing: {
    problem: () => 'Das Material gibt keine Sprache an.',
    fix: () => 'Tragen Sie die Sprache in den Metadaten ein (Schlüssel „sprache“ oder „language“), als Sprachcode wie „de“ oder als Name wie „Deutsch“.',
  },
  languageInvalid: {
    problem: (v) => `Die Sprache „${v.value}“ des Materials ist kein Sprachcode und kein bekannter Sprachname.`,
    fix: () => 'Schreiben Sie einen Sprachcode nach BCP 47 (z. B. „de“, „en-GB“, „fr“) oder den Namen der Sprache auf Deutsch oder Englisch.',
  },
};

const EN: Record<A11yProblem, ProblemText> = {
  imageAltMissing: {
    problem: (v) => `The image ${v.file ?? ''} has no alternative text.`.replace('  ', ' '),
    fix: () => 'Describe briefly in the alternative text (alt) what the image shows and what it is for; a purely decorative image in html gets alt="".',
  },
  imageAltPlaceholder: {
    problem: (v) => `The alternative text "${v.alt}" does not describe the image (a file name or a placeholder; file ${v.file}).`,
    fix: () => 'Replace it with a description of what the image shows and what it is for.',
  },
  headingSkipsLevel: {
    problem: (v) => `The heading "${v.text}" jumps from ${v.from} to ${v.to}, skipping a level.`,
    fix: (v) => `Give it level h${Number(v.from.slice(1)) + 1} or higher (the page title is h1; a heading of level 1 shows as h2), or add the missing heading in between.`,
  },
  linkNameVague: {
    problem: (v) => `The link text "${v.name}" does not say where the link leads (${v.href}).`,
    fix: () => 'Word the link text so that it names the target without the sentence around it, e.g. "Drinking water ordinance (PDF)" instead of "here".',
  },
  linkNameUrl: {
    problem: (v) => `The link's only text is its address ${v.href}.`,
    fix: () => 'Give the link a text that names its target (on a link element, the field "text"); screen readers read an address character by character.',
  },
  linkNameEmpty: {
    problem: (v) => `The link to ${v.href} has no name (no text, no alternative text of an image in it, no aria-label).`,
    fix: () => 'Give the link a text that names its target, or the image in it an alternative text.',
  },
  themeContrast: {
    problem: (v) => `The theme colour ${v.colour} has a contrast of only ${v.ratio}:1 against white (text needs ${v.required}:1, WCAG 1.4.3): white text on buttons and links in this colour are hard to read.`,
    fix: () => 'Choose a darker colour in the settings (themeColorOverrides.primary) that reaches at least 4.5:1 against white.',
  },
  videoWithoutCaptions: {
    problem: (v) => `The video ${v.src} has no captions (no <track kind="captions"> or kind="subtitles").`,
    fix: () => 'Add a caption file (WebVTT) as <track kind="captions" srclang="en" src="…">.',
  },
  embedWithoutTitle: {
    problem: (v) => `The embedded content ${v.src} has no title; screen readers announce only a generic name.`,
    fix: () => 'Give the element a title (the field "title" or "text"; in embed code the iframe\'s title attribute) that says what the frame shows.',
  },
  colourOnly: {
    problem: (v) => `The exercise points at something by its colour alone ("${v.words}"); learners who cannot tell colours apart cannot answer it.`,
    fix: () => 'Name it another way too: by shape, label, number or position (e.g. "the triangle at the top left").',
  },
  languageMissing: {
    problem: () => 'The material does not state its language.',
    fix: () => 'Enter the language in the metadata (key "sprache" or "language"), as a language code such as "en" or as a name such as "English".',
  },
  languageInvalid: {
    problem: (v) => `The material's language "${v.value}" is neither a language code nor a known language name.`,
    fix: () => 'Write a BCP 47 language code (e.g. "de", "en-GB", "fr") or the name of the language in English or German.',
  },
};

const LABELS = {
  de: {
    title: (r: A11yReport) => `Barrierefreiheitsbericht: ${r.root.modelName === 'Collection' ? 'Sammlung' : 'Material'} „${r.root.title}“ (${r.root.id})`,
    checked: (n: number) => (n === 1 ? '1 Material geprüft.' : `${n} Materialien geprüft.`),
    element: 'Element',
    field: 'Feld',
    where: 'Ort',
    materialPage: 'Materialseite',
    problem: 'Problem',
    fix: 'Behebung',
    passes: 'Ergebnis: bestanden – keine Probleme gefunden.',
    problems: (n: number) => `Ergebnis: ${n === 1 ? '1 Problem' : `${n} Probleme`} gefunden.`,
    settings: 'Einstellungen der Installation',
  },
  en: {
    title: (r: A11yReport) => `Accessibility report: ${r.root.modelName === 'Collection' ? 'collection' : 'material'} "${r.root.title}" (${r.root.id})`,
    checked: (n: number) => (n === 1 ? '1 material checked.' : `${n} materials checked.`),
    element: 'Element',
    field: 'Field',
    where: 'Where',
    materialPage: 'material page',
    problem: 'Problem',
    fix: 'Fix',
    passes: 'Verdict: passes – no problems found.',
    problems: (n: number) => `Verdict: ${n === 1 ? '1 problem' : `${n} problems`} found.`,
    settings: "the installation's settings",
  },
} as const;

/** A finding's problem and how to fix it, in `language`. */
export function describeFinding(finding: A11yFinding, language: ReportLanguage): { problem: string; fix: string } {
  const text = (language === 'en' ? EN : DE)[finding.problem];
  return { problem: text.problem(finding.values), fix: text.fix(finding.values) };
}

/** The report as lines an author reads: each finding (element, where, problem, fix), then the verdict. */
export function reportLines(report: A11yReport, language: ReportLanguage): string[] {
  const l = LABELS[language];
  const lines = [l.title(report), l.checked(report.materials), ''];
  report.findings.forEach((finding, i) => {
    const { problem, fix } = describeFinding(finding, language);
    const where = finding.material ? [finding.material.title, ...finding.chapters].join(' › ') : l.settings;
    const page = finding.material && finding.chapters.length === 0 ? ` (${l.materialPage})` : '';
    lines.push(`${i + 1}. ${l.element} ${finding.elementId} (${finding.kind})${finding.field ? `, ${l.field} ${finding.field}` : ''}`);
    lines.push(`   ${l.where}: ${where}${page}`);
    lines.push(`   ${l.problem}: ${problem}`);
    lines.push(`   ${l.fix}: ${fix}`);
    lines.push('');
  });
  lines.push(report.findings.length === 0 ? l.passes : l.problems(report.findings.length));
  return lines;
}
