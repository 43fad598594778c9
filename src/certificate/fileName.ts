const TRANSLITERATION: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/** A file-name part in ASCII: umlauts spelled out, accents dropped, anything else a single dash. */
export function fileNamePart(text: string, maxLength = 60): string {
  return text
    .replace(/[äöüÄÖÜß]/g, (char) => TRANSLITERATION[char])
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}

/** `Teilnahmebestaetigung-Wasser-im-Alltag.pdf`: the prefix is the translated word for the certificate. */
export function certificateFileName(prefix: string, materialName: string): string {
  const material = fileNamePart(materialName);
  return `${[fileNamePart(prefix) || 'certificate', material].filter(Boolean).join('-')}.pdf`;
}
