/**
 * The floor of the benchmark: the same material as one plain static HTML file. The same texts, the
 * same images (the same asset endpoint URLs with the same srcset and lazy loading as the app), and the
 * questions as plain HTML forms. A tiny inline script evaluates choice questions on click and shows the
 * same kind of feedback box the app shows (`[data-feedback]`, "Answered correctly:" / "Wrong answer:"),
 * with an "Edit Answer" button that takes it away again, so click → feedback has a floor too.
 *
 * No framework, no sanitising, no highlighting, no state: what a long page costs a browser at least.
 */
import { assetUrl } from '../../model/assetUrl';
import type { Asset } from '../../model/common';
import type { ContentElement } from '../../model/elements';
import type { Material } from '../../model/material';
import type { RichTextNode } from '../../model/richText';

export interface StaticHtmlOptions {
  /** Base URL of the asset endpoint (`/api/assets` on the app's own origin, or absolute). */
  assetBase: string;
}

const esc = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const SIZES = '(min-width: 1024px) 792px, (min-width: 640px) 696px, 100vw';

function img(asset: Asset, base: string, alt: string, lazy = true): string {
  const width = asset.width ?? 300;
  const height = asset.height ?? 225;
  return (
    `<img src="${esc(assetUrl(base, asset, 'img-1400'))}" srcset="${esc(assetUrl(base, asset, 'img-700'))} 700w, ${esc(assetUrl(base, asset, 'img-1400'))} 1400w" ` +
    `sizes="${SIZES}" alt="${esc(alt)}"${lazy ? ' loading="lazy"' : ''} decoding="async" width="${width}" height="${height}">`
  );
}

function richText(nodes: readonly RichTextNode[]): string {
  return nodes
    .map((node) => {
      if (!('type' in node)) {
        let text = esc(node.text);
        if (node.bold) text = `<strong>${text}</strong>`;
        if (node.italic) text = `<em>${text}</em>`;
        return text;
      }
      switch (node.type) {
        case 'gap': {
          if (node.mode === 'textinput') return `<input type="text" name="${esc(node.id)}" size="8" aria-label="Gap">`;
          const options = node.solutions.map((s) => `<option>${esc(s.text)}</option>`).join('');
          return `<select name="${esc(node.id)}" aria-label="Gap"><option value="">Choose</option>${options}</select>`;
        }
        case 'a':
          return `<a href="${esc(node.url)}">${richText(node.children)}</a>`;
        case 'svg':
          return '';
        default:
          return `<${node.type}>${richText(node.children)}</${node.type}>`;
      }
    })
    .join('');
}

const evaluateButton = (label?: string) => `<div class="actions"><button type="button" data-evaluate>${esc(label || 'Evaluate')}</button></div>`;

function element(e: ContentElement, base: string): string {
  return `<div id="${esc(e.id)}" data-model-name="${e.modelName}" class="element">${body(e, base)}</div>\n`;
}

function list(elements: readonly ContentElement[], base: string): string {
  return elements.map((e) => element(e, base)).join('');
}

function body(e: ContentElement, base: string): string {
  switch (e.modelName) {
    case 'Text':
      return e.content.html;
    case 'Heading':
      return `<h${e.level}>${e.content.html}</h${e.level}>`;
    case 'Image':
      return `<figure>${img(e.asset, base, e.alt ?? e.asset.licenseTitle ?? '')}${e.caption ? `<figcaption>${e.caption}</figcaption>` : ''}</figure>`;
    case 'Quote':
      return `<figure class="quote"><blockquote><p>“${esc(e.text)}”</p></blockquote><figcaption>— ${esc(e.author)}</figcaption></figure>`;
    case 'Code':
      return `<pre><code class="language-${e.mode}">${esc(e.content)}</code></pre>`;
    case 'Separator':
      return '<hr>';
    case 'ChoiceQuestion': {
      const input = e.type === 'sc' ? 'radio' : 'checkbox';
      const choices = e.choices
        .map((c) => `<label data-choice-id="${esc(c.id)}"><input type="${input}" name="${esc(e.id)}" value="${esc(c.id)}"${c.correct ? ' data-correct' : ''}> <span>${c.text}</span></label>`)
        .join('');
      const feedback = `<template data-positive>${e.feedbackPositive ?? 'That is correct.'}</template><template data-negative>${e.feedbackNegative ?? 'That is not quite right yet.'}</template>`;
      return (
        `<form class="question" data-choice-question><div class="q">${e.question}</div>` +
        `<p class="hint">${e.type === 'sc' ? 'Select one answer.' : 'Select one or more answers.'}</p>` +
        `<fieldset>${choices}</fieldset>${feedback}${evaluateButton(e.submitText)}</form>`
      );
    }
    case 'ClozeQuestion':
      return `<form class="question">${e.question}<div>${richText(e.content)}</div>${evaluateButton(e.submitText)}</form>`;
    case 'FreeTextInput':
      return `<form class="question">${e.instructions.html}<textarea rows="3" placeholder="${esc(e.placeholder ?? '')}"></textarea>${evaluateButton(e.submitText)}</form>`;
    case 'AssignmentQuestion': {
      const items = [...e.zones.flatMap((z) => z.items), ...e.disruptors].map((i) => `<li><button type="button">${esc(i.text ?? '')}</button></li>`).join('');
      const zones = e.zones.map((z) => `<section class="zone"><h4>${esc(z.title)}</h4><p>Drop here</p></section>`).join('');
      return `<form class="question">${e.instructions}<ul class="pool">${items}</ul>${zones}${evaluateButton(e.submitText)}</form>`;
    }
    case 'PolygonTargetExercise':
      // The app loads this image eagerly too.
      return `<form class="question">${e.question.html}${img(e.asset, base, e.asset.licenseTitle ?? '', false)}${evaluateButton(e.submitText || 'Check answer')}</form>`;
    case 'Barrier':
      return `<div class="barrier">${e.content}<button type="button" disabled>${esc(e.buttonLabel || 'Continue')}</button></div>`;
    case 'Foldable':
      return `<details><summary>${esc(e.title)}</summary>${list(e.content, base)}</details>`;
    case 'HighlightedElement':
      return `<aside class="panel">${list(e.content, base)}</aside>`;
    case 'Columns':
      return `<div class="columns"><div>${list(e.left, base)}</div><div>${list(e.right, base)}</div></div>`;
    case 'Chapter':
      return (
        `<a class="card" href="${esc(e.publicId)}/">${e.cover ? `<img src="${esc(assetUrl(base, e.cover, 'card-300'))}" alt="" loading="lazy" width="160" height="107">` : ''}` +
        `<span><strong>${esc(e.title)}</strong>${e.description ?? ''}${e.duration ? `<small>${esc(e.duration)}</small>` : ''}</span></a>`
      );
    default:
      return `<p>${esc(e.modelName)}</p>`;
  }
}

/** Evaluates choice questions: one delegated click listener, the feedback box the app shows, Edit Answer. */
const SCRIPT = `
document.addEventListener('click', function (event) {
  var button = event.target.closest && event.target.closest('button[data-evaluate], button[data-edit]');
  if (!button) return;
  var form = button.closest('form[data-choice-question]');
  if (!form) return;
  var inputs = form.querySelectorAll('input');
  if (button.hasAttribute('data-edit')) {
    form.querySelector('[data-feedback]').remove();
    for (var i = 0; i < inputs.length; i++) inputs[i].disabled = false;
    button.removeAttribute('data-edit');
    button.setAttribute('data-evaluate', '');
    button.textContent = 'Evaluate';
    return;
  }
  var correct = true;
  for (var j = 0; j < inputs.length; j++) {
    if (inputs[j].checked !== inputs[j].hasAttribute('data-correct')) correct = false;
    inputs[j].disabled = true;
  }
  var box = document.createElement('div');
  box.setAttribute('role', 'status');
  box.setAttribute('data-feedback', correct ? 'positive' : 'negative');
  box.className = 'feedback ' + (correct ? 'positive' : 'negative');
  box.innerHTML = '<strong>' + (correct ? 'Answered correctly:' : 'Wrong answer:') + '</strong> ' +
    form.querySelector(correct ? 'template[data-positive]' : 'template[data-negative]').innerHTML;
  form.appendChild(box);
  button.removeAttribute('data-evaluate');
  button.setAttribute('data-edit', '');
  button.textContent = 'Edit Answer';
});
`;

const STYLE = `
body{margin:0;font:16px/1.6 system-ui,sans-serif;color:#111827}
main{max-width:48rem;margin:0 auto;padding:1rem}
img{max-width:100%;height:auto;display:block}
.element{margin:1rem 0}
.question{border:1px solid #e5e7eb;border-radius:.5rem;padding:1rem}
fieldset{border:0;padding:0;margin:0;display:flex;flex-direction:column;gap:.5rem}
label{display:flex;gap:.75rem;border:1px solid #e5e7eb;border-radius:.375rem;padding:.5rem .75rem}
label p{margin:0}
.hint{color:#6b7280;font-size:.875rem}
.actions{margin-top:1rem}
.feedback{margin-top:1rem;border:1px solid;border-radius:.375rem;padding:.75rem 1rem;font-size:.875rem}
.positive{border-color:#86efac;background:#f0fdf4}.negative{border-color:#fca5a5;background:#fef2f2}
.panel{background:#eff6ff;border-radius:.5rem;padding:1rem}
.columns{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.quote{border-left:4px solid #2563eb;padding-left:1.25rem;font-size:1.25rem}
pre{background:#f3f4f6;padding:1rem;overflow:auto}
details{border:1px solid #e5e7eb;border-radius:.5rem;padding:.75rem 1rem}
.card{display:flex;gap:1rem;border:1px solid #e5e7eb;border-radius:.5rem;color:inherit;text-decoration:none}
textarea{width:100%}
`;

/** The whole page as one HTML document. */
export function staticHtml(material: Material, options: StaticHtmlOptions): string {
  return (
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `<title>${esc(material.title)} (static floor)</title>\n<style>${STYLE}</style>\n</head>\n<body>\n<main>\n` +
    `<h1>${esc(material.title)}</h1>\n${material.description}\n${list(material.content, options.assetBase)}</main>\n` +
    `<script>${SCRIPT}</script>\n</body>\n</html>\n`
  );
}
