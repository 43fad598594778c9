/*
 * The message area of the LMS launch pages (the SCORM package's and the cmi5 AU's): a polite status
 * region the page carries from the server, or one made at once when it is missing.
 */

export const MESSAGE_ELEMENT_ID = 'lernwerk-message';

export function messageBox(doc: Document): HTMLElement {
  let box = doc.getElementById(MESSAGE_ELEMENT_ID);
  if (!box) {
    box = doc.createElement('div');
    box.id = MESSAGE_ELEMENT_ID;
    box.setAttribute('role', 'status');
    box.setAttribute('aria-live', 'polite');
    doc.body.prepend(box);
  }
  return box;
}

export function heading(doc: Document, content: string): HTMLElement {
  const h = doc.createElement('h1');
  h.textContent = content;
  return h;
}

export function paragraph(doc: Document, content: string | Node): HTMLElement {
  const p = doc.createElement('p');
  p.append(content);
  return p;
}

/** Shows that the page cannot start (its configuration is broken), in both languages. */
export function showBrokenPage(doc: Document, problem: string): void {
  messageBox(doc).replaceChildren(heading(doc, 'Diese Seite ist beschädigt. / This page is broken.'), paragraph(doc, problem));
}
