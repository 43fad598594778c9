import fs from 'node:fs';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES } from '../../paint/Icon';

/* The icon sprite (paint/icons/icons.svg) and the names the app uses (paint/Icon.tsx) stay in step. */
const sprite = new JSDOM(fs.readFileSync('paint/icons/icons.svg', 'utf8'), { contentType: 'image/svg+xml' }).window.document;
const symbols = [...sprite.querySelectorAll('symbol')];

describe('the icon sprite', () => {
  it('has one symbol for each icon name, and none besides', () => {
    expect(symbols.map((symbol) => symbol.id).sort()).toEqual([...ICON_NAMES].sort());
  });

  it('gives each symbol its own grid, so an icon scales to the size its class gives it', () => {
    for (const symbol of symbols) expect(symbol.getAttribute('viewBox'), symbol.id).toMatch(/^0 0 \d+ \d+$/);
  });

  it('leaves the stroke width to the icon that uses a symbol, and colours every symbol with the text colour', () => {
    for (const symbol of symbols) {
      const painted = [symbol, ...symbol.querySelectorAll('*')];
      expect(painted.filter((node) => node.hasAttribute('stroke-width')).map((node) => node.tagName), symbol.id).toEqual([]);
      const paints = [symbol.getAttribute('stroke'), symbol.getAttribute('fill')].filter((paint) => paint && paint !== 'none');
      expect(paints, symbol.id).toEqual(['currentColor']);
    }
  });

  it('holds shapes only: no script, no handler, no reference to another document', () => {
    const all = [...sprite.querySelectorAll('*')];
    expect(all.map((node) => node.tagName).filter((tag) => !['svg', 'symbol', 'path', 'rect', 'circle'].includes(tag))).toEqual([]);
    const attributes = all.flatMap((node) => [...node.attributes].map((attribute) => attribute.name));
    expect(attributes.filter((name) => /^on|href$/i.test(name))).toEqual([]);
  });
});
