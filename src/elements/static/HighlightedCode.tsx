import hljs from 'highlight.js/lib/core';
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
import { SafeHtml, ServerSanitizedHtml } from '../../ui/SafeHtml';

// Only the languages of spec section 3, so the chunk stays small; registered with the first highlight
// (some 25 ms), not when the chunk loads, so a page's first render does not wait for it.
const languages = { bash, cpp, csharp, css, dockerfile, go, java, javascript, json, latex, less, markdown, nginx, php, plaintext, python, sql, stylus, typescript, xml, yaml };
let registered = false;

function highlight(code: string, language: string): string {
  if (!registered) for (const [name, definition] of Object.entries(languages)) hljs.registerLanguage(name, definition);
  registered = true;
  return hljs.highlight(code, { language: hljs.getLanguage(language) ? language : 'plaintext', ignoreIllegals: true }).value;
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
  useEffect(() => whenIdle(() => setHtml({ of: key, html: highlight(code, language) })), [key]); // eslint-disable-line react-hooks/exhaustive-deps -- key holds both
  if (html?.of !== key) return <>{code}</>;
  return (
    <ServerSanitizedHtml.Provider value={false}>
      <SafeHtml as="span" html={html.html} data-state="highlighted" />
    </ServerSanitizedHtml.Provider>
  );
}
