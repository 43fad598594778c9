const MAX_SNIPPET = 80;

function plain(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
}

/** The start of an html text as a plain label (at most 80 characters, cut with an ellipsis). */
export function labelFromHtml(html: string): string {
  const text = plain(html);
  return text.length > MAX_SNIPPET ? `${text.slice(0, MAX_SNIPPET - 1).trimEnd()}…` : text;
}
