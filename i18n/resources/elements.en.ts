/** Texts of the content elements of the first paint (a lazy kind brings its own: src/kinds/<kind>/<kind>.texts.ts). English. A chunk of their own, loaded for English pages and the language switch (../index.ts). */
export const elementsEn = {
  quotePlaceholder: 'Write quote',
  authorPlaceholder: 'Specifiy author',
  quoteOpen: '“',
  quoteClose: '”',
  urlNotDisplayable: 'This URL can not be displayed: {{url}}',
  imageError: 'The image could not be loaded',
} as const;
