/** Texts of the content elements of the first paint (a lazy kind brings its own: src/kinds/<kind>/<kind>.texts.ts). German. The first paint imports only the German texts; English is a chunk of its own (../index.ts). */
export const elementsDe = {
  quotePlaceholder: 'Zitat schreiben',
  authorPlaceholder: 'Autor angeben',
  quoteOpen: '„',
  quoteClose: '“',
  urlNotDisplayable: 'Diese URL kann nicht angezeigt werden: {{url}}',
  imageError: 'Das Bild konnte nicht geladen werden',
} as const;
