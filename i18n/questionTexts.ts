import type { ReadNamespace, TextBundle } from './core';
import type { questions } from './resources/questions';
import { kindTextsOf } from './kindTexts';

const DEFAULT_LANGUAGE = 'de';

type QuestionTexts = typeof questions;

let loaded: QuestionTexts | undefined;
let pending: Promise<QuestionTexts> | undefined;

/**
 * Loads the `questions` namespace (texts of questions, barrier, certificate and path), a chunk of its
 * own: only those lazy components use it. Call it next to their import so the texts are there when
 * they render; every i18n instance then reads them at once.
 */
export function loadQuestionTexts(): Promise<QuestionTexts> {
  // A failed load (offline) is forgotten, so the next call tries again.
  pending ??= import('./resources/questions').then(
    (module) => (loaded = module.questions),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** The texts once `loadQuestionTexts()` has resolved (instances created afterwards start with them). */
export function loadedQuestionTexts(): QuestionTexts | undefined {
  return loaded;
}

function readQuestionTexts(texts: QuestionTexts, language: string, callback: Parameters<ReadNamespace>[2]): void {
  callback(null, language === 'de' || language === 'en' ? (texts[language] as TextBundle) : {});
}

/**
 * Reads the namespaces that are not bundled with the first paint (./core.ts `lazy`): `questions`, and
 * the texts a lazy kind brings with its code (./kindTexts.ts).
 * `useTranslation('questions')` suspends until this has read the namespace, so no key ever shows.
 */
export const lazyNamespaces: { has: (namespace: string) => boolean; read: ReadNamespace } = {
  has: (namespace) => namespace === 'questions' || kindTextsOf(DEFAULT_LANGUAGE, namespace) !== undefined,
  read(language, namespace, callback) {
    const kindTexts = kindTextsOf(language, namespace);
    if (kindTexts) {
      callback(null, kindTexts);
      return;
    }
    if (namespace !== 'questions') {
      callback(new Error(`No texts for the namespace ${namespace}`), null);
      return;
    }
    if (loaded) readQuestionTexts(loaded, language, callback);
    else loadQuestionTexts().then((texts) => readQuestionTexts(texts, language, callback), (error: Error) => callback(error, null));
  },
};
