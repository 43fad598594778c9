/* The server's origin a SCORM package points at: checked, and what an administrator should know about it. */

/** An http(s) origin as given (a trailing slash dropped); null when `text` is not one. */
export function originOf(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** What an administrator should know about the origin written into the package. */
export function originWarnings(origin: string): string[] {
  const url = new URL(origin);
  const warnings: string[] = [];
  if (['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || url.hostname.endsWith('.localhost')) {
    warnings.push(
      `Warning: the package points at ${origin}, which only this machine reaches; learners' browsers will not. Give the server's public address with --origin or PUBLIC_ORIGIN.`,
    );
  } else if (url.protocol === 'http:') {
    warnings.push(`Warning: ${origin} is not https: an LMS served over https cannot show it in a frame (mixed content).`);
  }
  return warnings;
}
