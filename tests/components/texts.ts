import type { Lang } from '../../model/pageData';

/*
 * What a learner reads, written out here (spec wording in English, German as the product says it)
 * rather than taken from the i18n resources, so a wrong or missing translation fails the walk.
 */
export const texts: Record<Lang, Texts> = {
  en: {
    evaluate: 'Evaluate',
    editAnswer: 'Edit Answer',
    resetAnswer: 'Reset answer',
    positive: 'Answered correctly: That is correct.',
    negative: "Wrong answer: That's not quite right yet.",
    choiceCorrect: 'answered correctly',
    choiceWrong: 'answered wrongly',
    correct: 'Correct',
    wrong: 'Wrong',
    gap: (n) => `Gap ${n}`,
    chooseOption: 'Please choose',
    answer: 'Your answer',
    placeholder: 'Insert answer text',
    characterCounter: '{used} / {limit} characters',
    evaluating: 'Evaluating answer...',
    submitted: 'Answer has been submitted',
    failed: 'Oops, something went wrong while evaluating your answer. Please try again later.',
    generatedFeedback: 'Feedback on your answer',
    pool: 'Unassigned items',
    poolEmpty: 'All items are assigned.',
    zone: (title) => `Zone ${title}`,
    placeHere: (title) => `Place here: ${title}`,
    backToPool: 'Back to the unassigned items',
    itemCorrect: (text) => `${text}: assigned correctly`,
    itemWrong: (text) => `${text}: assigned wrongly`,
    checkAnswer: 'Check answer',
    resetQuestion: 'Reset question',
    marksSet: (marks, total) => `${marks} / ${total} Mark set`,
    found: (found) => `${found} found`,
    polygonImage: 'Image: click to set a mark',
    removeMark: (n) => `Remove mark ${n}`,
    markCorrect: (n) => `Mark ${n}: correct`,
    markWrong: (n) => `Mark ${n}: wrong`,
    continue: 'Continue',
    hintReady: 'Press the button to continue',
    hintLocked: 'Learning content above not yet completed',
    blockedBy: 'Still open:',
    choiceQuestion: 'Choice question',
    revealed: (label) => `New content unlocked: ${label}`,
    issuedOn: (date) => `Issued on ${date}`,
    download: 'Download certificate',
    notIssued: 'The certificate is issued once you reach this point with your learning status saved. Only then can it be downloaded.',
    issuedFor: (name) => `Issued for ${name}.`,
    complete: 'Complete',
    completed: 'Completed',
    currentStep: 'Current step',
    stepProgress: (percent) => `${percent} % complete`,
    previousImage: 'Previous image',
    nextImage: 'Next image',
    goToImage: (n) => `Go to image ${n}`,
    pause: 'Pause automatic slideshow',
    play: 'Start automatic slideshow',
    slide: (n, total) => `Image ${n} of ${total}`,
    hotspotMarker: (n, title) => `${n}: ${title}`,
    hotspotOf: (n, total) => `${n} of ${total}`,
    previousHotspot: 'Previous hotspot',
    nextHotspot: 'Next hotspot',
    close: 'Close',
  },
  de: {
    evaluate: 'Auswerten',
    editAnswer: 'Antwort bearbeiten',
    resetAnswer: 'Antwort zurücksetzen',
    positive: 'Richtig beantwortet: Das ist korrekt.',
    negative: 'Falsche Antwort: Das ist noch nicht ganz richtig.',
    choiceCorrect: 'richtig beantwortet',
    choiceWrong: 'falsch beantwortet',
    correct: 'Richtig',
    wrong: 'Falsch',
    gap: (n) => `Lücke ${n}`,
    chooseOption: 'Bitte wählen',
    answer: 'Deine Antwort',
    placeholder: 'Antworttext eingeben',
    characterCounter: '{used} / {limit} Zeichen',
    evaluating: 'Antwort wird ausgewertet...',
    submitted: 'Die Antwort wurde übermittelt',
    failed: 'Hoppla, beim Auswerten deiner Antwort ist etwas schiefgelaufen. Bitte versuche es später noch einmal.',
    generatedFeedback: 'Rückmeldung zu deiner Antwort',
    pool: 'Nicht zugeordnete Elemente',
    poolEmpty: 'Alle Elemente sind zugeordnet.',
    zone: (title) => `Zone ${title}`,
    placeHere: (title) => `Hier ablegen: ${title}`,
    backToPool: 'Zurück zu den nicht zugeordneten Elementen',
    itemCorrect: (text) => `${text}: richtig zugeordnet`,
    itemWrong: (text) => `${text}: falsch zugeordnet`,
    checkAnswer: 'Antwort prüfen',
    resetQuestion: 'Frage zurücksetzen',
    marksSet: (marks, total) => `${marks} / ${total} Markierungen gesetzt`,
    found: (found) => `${found} gefunden`,
    polygonImage: 'Bild: klicken, um eine Markierung zu setzen',
    removeMark: (n) => `Markierung ${n} entfernen`,
    markCorrect: (n) => `Markierung ${n}: richtig`,
    markWrong: (n) => `Markierung ${n}: falsch`,
    continue: 'Weiter',
    hintReady: 'Drücke die Schaltfläche, um fortzufahren',
    hintLocked: 'Der obenstehende Lerninhalt ist noch nicht abgeschlossen',
    blockedBy: 'Noch offen:',
    choiceQuestion: 'Auswahlfrage',
    revealed: (label) => `Neuer Inhalt freigeschaltet: ${label}`,
    issuedOn: (date) => `Ausgestellt am ${date}`,
    download: 'Zertifikat herunterladen',
    notIssued:
      'Das Zertifikat wird ausgestellt, sobald du diese Stelle erreichst und dein Lernstand gespeichert ist. Erst dann kann es heruntergeladen werden.',
    issuedFor: (name) => `Ausgestellt für ${name}.`,
    complete: 'Abschließen',
    completed: 'Abgeschlossen',
    currentStep: 'Aktueller Schritt',
    stepProgress: (percent) => `${percent} % abgeschlossen`,
    previousImage: 'Vorheriges Bild',
    nextImage: 'Nächstes Bild',
    goToImage: (n) => `Zu Bild ${n}`,
    pause: 'Automatischen Bildwechsel anhalten',
    play: 'Automatischen Bildwechsel starten',
    slide: (n, total) => `Bild ${n} von ${total}`,
    hotspotMarker: (n, title) => `${n}: ${title}`,
    hotspotOf: (n, total) => `${n} von ${total}`,
    previousHotspot: 'Vorheriger Hotspot',
    nextHotspot: 'Nächster Hotspot',
    close: 'Schließen',
  },
};

export type Texts = {
  evaluate: string;
  editAnswer: string;
  resetAnswer: string;
  positive: string;
  negative: string;
  choiceCorrect: string;
  choiceWrong: string;
  correct: string;
  wrong: string;
  gap: (n: number) => string;
  chooseOption: string;
  answer: string;
  placeholder: string;
  /** A field's character counter, `{used}` and `{limit}` formatted in the language. */
  characterCounter: string;
  evaluating: string;
  submitted: string;
  failed: string;
  generatedFeedback: string;
  pool: string;
  poolEmpty: string;
  zone: (title: string) => string;
  placeHere: (title: string) => string;
  backToPool: string;
  itemCorrect: (text: string) => string;
  itemWrong: (text: string) => string;
  checkAnswer: string;
  resetQuestion: string;
  marksSet: (marks: number, total: number) => string;
  found: (found: number) => string;
  polygonImage: string;
  removeMark: (n: number) => string;
  markCorrect: (n: number) => string;
  markWrong: (n: number) => string;
  continue: string;
  hintReady: string;
  hintLocked: string;
  blockedBy: string;
  choiceQuestion: string;
  revealed: (label: string) => string;
  issuedOn: (date: string) => string;
  download: string;
  notIssued: string;
  issuedFor: (name: string) => string;
  complete: string;
  completed: string;
  currentStep: string;
  stepProgress: (percent: number) => string;
  previousImage: string;
  nextImage: string;
  goToImage: (n: number) => string;
  pause: string;
  play: string;
  slide: (n: number, total: number) => string;
  hotspotMarker: (n: number, title: string) => string;
  hotspotOf: (n: number, total: number) => string;
  previousHotspot: string;
  nextHotspot: string;
  close: string;
};
