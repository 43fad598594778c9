/**
 * Where a share's material is read with GET (server/routes/models.ts): the page names it as a
 * preload, so the browser fetches it while the app's code loads.
 */
export function materialUrl(base: string, share: string, id: string): string {
  return `${base}/material/${encodeURIComponent(share)}/${encodeURIComponent(id)}`;
}
