import { PageData } from '../model/pageData';

/** Reads the page data the server embedded in index.html; throws with the field path when it is malformed. */
export function readPageData(doc: Document = document): PageData {
  const script = doc.getElementById('page-data');
  if (!script?.textContent) throw new Error('No page data: open the viewer through a share link (/s/{id}/).');
  return PageData.parse(JSON.parse(script.textContent));
}
