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
import { useMemo } from 'react';
import { SafeHtml, ServerSanitizedHtml } from '../../ui/SafeHtml';

// Only the languages of spec section 3 are registered, so the chunk stays small.
const registered = { bash, cpp, csharp, css, dockerfile, go, java, javascript, json, latex, less, markdown, nginx, php, plaintext, python, sql, stylus, typescript, xml, yaml };
for (const [name, language] of Object.entries(registered)) hljs.registerLanguage(name, language);

/** Highlighted source; highlight.js escapes the code, and its markup, made here in the browser, is sanitised by SafeHtml. */
export default function HighlightedCode({ code, language }: { code: string; language: string }) {
  const html = useMemo(() => hljs.highlight(code, { language: hljs.getLanguage(language) ? language : 'plaintext', ignoreIllegals: true }).value, [code, language]);
  return (
    <ServerSanitizedHtml.Provider value={false}>
      <SafeHtml as="span" html={html} data-state="highlighted" />
    </ServerSanitizedHtml.Provider>
  );
}
