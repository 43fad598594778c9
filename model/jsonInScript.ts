/**
 * JSON that is safe inside an html `<script>` element: no `<` can close it, and the line separators
 * JavaScript once refused are escaped. `JSON.parse` of the element's text gives `value` back. Used for
 * the page data the server embeds (server/pages/render.ts) and the worker's copies of it (src/offline/pageCopy.ts).
 */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
