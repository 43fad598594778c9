/**
 * Loads what the browser keeps outside the page before the app's modules run (src/boot.ts), each in a short
 * task of its own: the locale data of the browser's language (react-aria reads its direction) and of the page's
 * (dates are formatted in it), and this tab's sessionStorage (the router reads its scroll positions). Their
 * first use costs several milliseconds, four times that on a slow phone; inside the app's module evaluation,
 * one task already long, each would make it longer. Used again, they cost next to nothing. Resolves once the
 * last has run.
 */
export function warmBrowserData(win: Pick<Window, 'navigator' | 'sessionStorage' | 'setTimeout' | 'document'>): Promise<void> {
  const language = win.navigator.language;
  const firstUses = [
    () => Intl.DateTimeFormat.supportedLocalesOf([language]) && new Intl.Locale(language).maximize(),
    () => new Intl.DateTimeFormat(win.document.documentElement.lang || undefined, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(0),
    () => win.sessionStorage.getItem(''),
  ];
  return new Promise((done) =>
    firstUses.forEach((firstUse, i) =>
      win.setTimeout(() => {
        try {
          firstUse();
        } catch {
          // An odd language tag, a page without a language, blocked storage: each is used, or not, when needed.
        }
        if (i === firstUses.length - 1) done();
      }),
    ),
  );
}
