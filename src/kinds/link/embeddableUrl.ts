/** Only URLs starting with http(s):// or // can be embedded or linked (spec sections 5 and 8). */
export function isDisplayableUrl(url: string): boolean {
  return /^(https?:)?\/\//i.test(url.trim());
}

/** The host name of a displayable URL, without "www."; empty when it does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url.trim(), 'https://placeholder.invalid').hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}
