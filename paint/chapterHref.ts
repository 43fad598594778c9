/**
 * The href of a chapter card (spec section 2: a relative link to the sub-item by its publicId). Pages
 * are addressed with a trailing slash, where it is `{publicId}/` (what the server's first paint draws);
 * on an address typed without it (`…/kapitel-1`) it names the page's last segment too
 * (`./kapitel-1/{publicId}/`), so that the link leads below the page either way.
 */
export function chapterHref(publicId: string, documentPath = '/'): string {
  if (documentPath.endsWith('/')) return `${publicId}/`;
  return `./${documentPath.slice(documentPath.lastIndexOf('/') + 1)}/${publicId}/`;
}
