// @vitest-environment jsdom
import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ratioOf, renderElement } from './renderElement';

const asset = { file: 'bilder/see.jpg', licenseTitle: 'Bergsee im Herbst (CC BY 4.0)' };

describe('Image', () => {
  it('uses the img-700/img-1400 presets, loads lazily and falls back to the license title for alt', () => {
    const { root } = renderElement({ id: 'i1', modelName: 'Image', asset });
    const img = root.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/api/assets/img-1400/bilder/see.jpg');
    expect(img.getAttribute('srcset')).toBe('/api/assets/img-700/bilder/see.jpg 700w, /api/assets/img-1400/bilder/see.jpg 1400w');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('alt')).toBe('Bergsee im Herbst (CC BY 4.0)');
    // unknown size: the lazy-load fallback box of 300 px at 4:3
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['300', '225']);
  });

  it('prefers its own alt text and shows the caption sanitised', () => {
    const { root } = renderElement({ id: 'i2', modelName: 'Image', asset, alt: 'Ein See', caption: 'Foto: <em>Anna</em><script>x()</script>' });
    expect(root.querySelector('img')?.getAttribute('alt')).toBe('Ein See');
    const caption = root.querySelector('figcaption')!;
    expect(caption.querySelector('em')?.textContent).toBe('Anna');
    expect(caption.querySelector('script')).toBeNull();
  });

  it('contains the image by default inside its ratio box', () => {
    const { root } = renderElement({ id: 'i3', modelName: 'Image', asset, ratio: '16-9' });
    const img = root.querySelector('img')!;
    expect(img.className).toContain('object-contain');
    expect(ratioOf(img.parentElement)).toBeCloseTo(16 / 9);
  });

  it('crop mode covers the frame around the focus point', () => {
    const { root } = renderElement({ id: 'i4', modelName: 'Image', asset: { ...asset, focus: { x: 0.2, y: 0.75 } }, ratio: 'square', cropMode: 'crop' });
    const img = root.querySelector('img')!;
    expect(img.className).toContain('object-cover');
    expect(img.style.objectPosition).toBe('20% 75%');
    expect(img.getAttribute('src')).toBe('/api/assets/img-1400/bilder/see.jpg?fx=0.2&fy=0.75');
  });

  it('shows the image-error placeholder when loading fails (en and de)', () => {
    const en = renderElement({ id: 'i5', modelName: 'Image', asset });
    fireEvent.error(en.root.querySelector('img')!);
    expect(en.root.querySelector('img')).toBeNull();
    expect(en.root.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('The image could not be loaded');
    const de = renderElement({ id: 'i6', modelName: 'Image', asset }, { lang: 'de' });
    fireEvent.error(de.root.querySelector('img')!);
    expect(de.root.textContent).toContain('Das Bild konnte nicht geladen werden');
  });
});
