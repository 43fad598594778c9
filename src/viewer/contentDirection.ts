import { useLayoutEffect } from 'react';
import { rtlLanguageOf } from '../../model/contentDirection';
import type { Material } from '../../model/material';

/**
 * A material written right to left (model/contentDirection.ts): the page is mirrored as a whole
 * (`dir="rtl"` on `<html>`, as the server draws its first paint) while it shows; answers the language
 * its content is marked with (`lang` of the page's `<main>`; the interface keeps its own language).
 */
export function useContentDirection(material: Material): string | undefined {
  const lang = rtlLanguageOf(material.metadata) ?? undefined;
  useLayoutEffect(() => {
    if (!lang) return;
    const html = document.documentElement;
    html.dir = 'rtl';
    return () => html.removeAttribute('dir');
  }, [lang]);
  return lang;
}
