/**
 * Typography for sanitised content html (Tailwind has no typography plugin here): paragraphs,
 * lists, links, sub/sup and the five highlight marks of the rich text.
 */
export const proseClasses = [
  'break-words leading-relaxed text-gray-800',
  '[&_p]:my-3 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:ps-6 [&_li]:my-1',
  '[&_a]:font-medium [&_a]:text-primary-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-primary-900',
  '[&_strong]:font-semibold [&_b]:font-semibold [&_sub]:text-[0.75em] [&_sup]:text-[0.75em]',
  '[&_h1]:mt-6 [&_h1]:mb-3 [&_h1]:text-2xl [&_h1]:font-bold',
  '[&_.highlight1]:bg-highlight-1 [&_.highlight2]:bg-highlight-2 [&_.highlight3]:bg-highlight-3 [&_.highlight4]:bg-highlight-4 [&_.highlight5]:bg-highlight-5',
].join(' ');
