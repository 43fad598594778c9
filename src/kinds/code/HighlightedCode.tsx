import core from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import latex from 'highlight.js/lib/languages/latex';
import less from 'highlight.js/lib/languages/less';
import markdown from 'highlight.js/lib/languages/markdown';
import nginx from 'highlight.js/lib/languages/nginx';
import php from 'highlight.js/lib/languages/php';
import plaintext from 'highlight.js/lib/languages/plaintext';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import stylus from 'highlight.js/lib/languages/stylus';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import 'highlight.js/styles/github.css';
import { useEffect, useState } from 'react';
import { loadSanitizer, SafeHtml, ServerSanitizedHtml } from '../../../paint/SafeHtml';

// Only the languages of spec section 3, so the chunk stays small. Each is registered with its first
// highlight, with the languages it embeds (css and javascript inside xml, …): registering all of them made
// the first highlight a long task (docs/decisions.md).
const languages = { bash, cpp, csharp, css, dockerfile, go, java, javascript, json, latex, less, markdown, nginx, php, plaintext, python, sql, stylus, typescript, xml, yaml };
type Language = keyof typeof languages;
/** This chunk's own instance: what is registered in it is what this module registered. */
const hljs = core.newInstance();
const EMBEDDED: Partial<Record<Language, readonly Language[]>> = {
  dockerfile: ['bash'],
  javascript: ['css', 'xml'],
  typescript: ['css', 'xml'],
  markdown: ['xml'],
  xml: ['css', 'javascript'],
};

function register(language: Language): void {
  if (hljs.getLanguage(language)) return;
  hljs.registerLanguage(language, languages[language]);
  for (const embedded of EMBEDDED[language] ?? []) register(embedded);
}

export function highlight(code: string, language: string): string {
  const known: Language = Object.hasOwn(languages, language) ? (language as Language) : 'plaintext';
  register(known);
  return hljs.highlight(code, { language: known, ignoreIllegals: true }).value;
}

/** Runs `work` when the browser is idle (at the latest after `timeout` ms); the returned function cancels it. */
function whenIdle(work: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}

/**
 * Highlighted source: the plain text first, its highlighting once the browser is idle (colour only; the
 * text and its layout stay). highlight.js escapes the code, and its markup, made here in the browser, is
 * sanitised by SafeHtml.
 */
export default function HighlightedCode({ code, language }: { code: string; language: string }) {
  const [html, setHtml] = useState<{ of: string; html: string } | null>(null);
  const key = `${language}\n${code}`;
  useEffect(() => {
    let current = true;
    // With its sanitiser there: markup that suspended on it would swap the shown code for the element's loading placeholder.
    const cancel = whenIdle(() => loadSanitizer().then(() => current && setHtml({ of: key, html: highlight(code, language) }), () => undefined));
    return () => {
      current = false;
      cancel();
    };
  }, [key, code, language]);
  if (html?.of !== key) return <>{code}</>;
  return (
    <ServerSanitizedHtml.Provider value={false}>
      <SafeHtml as="span" html={html.html} data-state="highlighted" />
    </ServerSanitizedHtml.Provider>
  );
}
