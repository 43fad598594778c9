/*
 * Colour contrast as WCAG 2.2 defines it (success criterion 1.4.3 and the definitions of "relative
 * luminance" and "contrast ratio"): sRGB channels linearised, L = 0.2126 R + 0.7152 G + 0.0722 B,
 * ratio (L1 + 0.05) / (L2 + 0.05) with L1 the lighter.
 */

/** Text needs 4.5:1 against its background (1.4.3, level AA, text below the large-text size). */
export const AA_TEXT_CONTRAST = 4.5;

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** The relative luminance of `#rrggbb`, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`"${hex}" is not a colour written #rrggbb`);
  const [r, g, b] = match.slice(1).map((part) => channel(parseInt(part, 16)));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}
