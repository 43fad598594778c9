import type { ElementOf } from '../../../model/elements';

export type CodeMode = ElementOf<'Code'>['mode'];

/** Each language of spec section 3 (Code) → the highlight.js language that highlights it, and its label. */
export const codeLanguages: Record<CodeMode, { hljs: string; label: string | null }> = {
  c_cpp: { hljs: 'cpp', label: 'C/C++' },
  csharp: { hljs: 'csharp', label: 'C#' },
  css: { hljs: 'css', label: 'CSS' },
  dockerfile: { hljs: 'dockerfile', label: 'Dockerfile' },
  golang: { hljs: 'go', label: 'Go' },
  html: { hljs: 'xml', label: 'HTML' },
  java: { hljs: 'java', label: 'Java' },
  javascript: { hljs: 'javascript', label: 'JavaScript' },
  json: { hljs: 'json', label: 'JSON' },
  latex: { hljs: 'latex', label: 'LaTeX' },
  less: { hljs: 'less', label: 'Less' },
  markdown: { hljs: 'markdown', label: 'Markdown' },
  mysql: { hljs: 'sql', label: 'MySQL' },
  nginx: { hljs: 'nginx', label: 'Nginx' },
  php: { hljs: 'php', label: 'PHP' },
  python: { hljs: 'python', label: 'Python' },
  sh: { hljs: 'bash', label: 'Shell' },
  sql: { hljs: 'sql', label: 'SQL' },
  stylus: { hljs: 'stylus', label: 'Stylus' },
  // plain text has no fixed name: its label is translated
  text: { hljs: 'plaintext', label: null },
  typescript: { hljs: 'typescript', label: 'TypeScript' },
  xml: { hljs: 'xml', label: 'XML' },
  yaml: { hljs: 'yaml', label: 'YAML' },
};
