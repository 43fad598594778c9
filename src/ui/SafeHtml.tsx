import { createElement, useMemo, type HTMLAttributes } from 'react';
import { sanitizeHtml } from '../model/sanitize';

type SafeHtmlProps = {
  /** Untrusted html from content. */
  html: string;
  as?: 'div' | 'span' | 'p' | 'figcaption' | 'blockquote' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'label' | 'legend';
} & Omit<HTMLAttributes<HTMLElement>, 'dangerouslySetInnerHTML' | 'children'>;

/** The one place where html from content reaches the DOM: always through sanitizeHtml. */
export function SafeHtml({ html, as = 'div', ...rest }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return createElement(as, { ...rest, dangerouslySetInnerHTML: { __html: clean } });
}
