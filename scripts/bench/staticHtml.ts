/**
 * The floor of the benchmark: the same material as one plain static HTML file. The same texts, the
 * same images (the same asset endpoint URLs with the same srcset and lazy loading as the app), and the
 * questions as plain HTML forms. A tiny inline script evaluates choice questions on click and shows the
 * same kind of feedback box the app shows (`[data-feedback]`, "Answered correctly:" / "Wrong answer:"),
 * with an "Edit Answer" button that takes it away again, so click → feedback has a floor too.
 *
 * Each kind's body comes from its sample (src/kinds/<kind>/<kind>.sample.ts, collected by kindSamples.ts).
 * No framework, no sanitising, no highlighting, no state: what a long page costs a browser at least.
 */
import type { ContentElement } from '../../model/elements';
import type { Material } from '../../model/material';
import { FLOOR_HTML } from './kindSamples';
import { floorPage, type FloorPage } from './sampleSource';

export interface StaticHtmlOptions {
  /** Base URL of the asset endpoint (`/api/assets` on the app's own origin, or absolute). */
  assetBase: string;
}

/** A kind's body as its sample (src/kinds/<kind>/<kind>.sample.ts) renders it; a kind without one shows its modelName. */
function body(e: ContentElement, page: FloorPage): string {
  const html = FLOOR_HTML.get(e.modelName);
  return html ? html(e, page) : `<p>${page.esc(e.modelName)}</p>`;
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
  const page = floorPage(options.assetBase, body);
  return (
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `<title>${page.esc(material.title)} (static floor)</title>\n<style>${STYLE}</style>\n</head>\n<body>\n<main>\n` +
    `<h1>${page.esc(material.title)}</h1>\n${material.description}\n${page.list(material.content)}</main>\n` +
    `<script>${SCRIPT}</script>\n</body>\n</html>\n`
  );
}
