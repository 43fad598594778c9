/**
 * Takes away the first paint the server sent with the page (server/pages/shell.ts, `#shell`): called
 * in a layout effect of whatever the app draws instead, so both never show at once.
 */
export function removeShell(): void {
  document.getElementById('shell')?.remove();
}
