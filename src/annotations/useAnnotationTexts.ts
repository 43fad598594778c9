import { useTranslation } from '../../i18n/react';
import { addAnnotationTexts, type AnnotationTextKey } from '../../i18n/resources/annotations';
import type { Lang } from '../../model/pageData';

export type { AnnotationTextKey };

/** `t` of the annotation texts (i18n/resources/annotations.ts), `{{name}}` placeholders filled from `vars`. */
export type AnnotationT = (key: AnnotationTextKey, vars?: Record<string, string | number>) => string;

/**
 * The annotation texts in the page's current language (renders again on a language switch). The texts
 * come with the chunk that asks for them (the annotation layer, the note editor), never the first paint.
 */
export function useAnnotationTexts(): AnnotationT {
  const { t, i18n } = useTranslation('annotations');
  addAnnotationTexts(i18n);
  return t as AnnotationT;
}

/** The language of the page's i18n instance, as 'de' or 'en'. */
export function useAnnotationLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'de';
}
