import type { ElementInput, FloorSample, MixEntry, SampleSource } from '../../../scripts/bench/sampleSource';

/** The demo's images (content/assets/wasser), which chapter cards use as covers too. */
export const IMAGE_ASSETS = [
  { file: 'wasser/regen.jpg', width: 1600, height: 900, aspectRatio: 1.7778, licenseTitle: 'Rain over hills (Illustration: Lernwerk, CC BY 4.0)' },
  { file: 'wasser/see.jpg', width: 1500, height: 1000, aspectRatio: 1.5, licenseTitle: 'Mountain lake (Illustration: Lernwerk, CC BY 4.0)' },
  { file: 'wasser/fluss.jpg', width: 1500, height: 1000, aspectRatio: 1.5, licenseTitle: 'River in a green valley (Illustration: Lernwerk, CC BY 4.0)' },
  { file: 'wasser/quelle.jpg', width: 1500, height: 1000, aspectRatio: 1.5, licenseTitle: 'Spring between rocks (Illustration: Lernwerk, CC BY 4.0)' },
  { file: 'wasser/talsperre.jpg', width: 1500, height: 1000, aspectRatio: 1.5, licenseTitle: 'Dam of a reservoir (Illustration: Lernwerk, CC BY 4.0)' },
  { file: 'wasser/wasserhahn.jpg', width: 1500, height: 1000, aspectRatio: 1.5, licenseTitle: 'Tap over a basin (Illustration: Lernwerk, CC BY 4.0)' },
  { file: 'wasser/verdunstungskessel.jpg', width: 1200, height: 900, aspectRatio: 1.3333, licenseTitle: 'Evaporation pan (Illustration: Lernwerk, CC BY 4.0)' },
  { file: 'wasser/grundwasser-schnitt-en.png', width: 1200, height: 900, aspectRatio: 1.3333, licenseTitle: 'Cross-section with an aquifer (Illustration: Lernwerk, CC BY 4.0)' },
] as const;

export function generateImage(g: SampleSource): ElementInput {
  const asset = g.pick(IMAGE_ASSETS);
  return {
    modelName: 'Image', id: g.id('image'), asset: { ...asset }, ratio: 'default', cropMode: 'default',
    caption: `<p>${g.sentence(6, 8)}</p>`,
  };
}

export const mix: MixEntry[] = [{ name: 'Image', head: [2], weight: 8, cost: 1, make: generateImage }];

export const floor: FloorSample<'Image'> = {
  modelName: 'Image',
  html: (e, page) => `<figure>${page.img(e.asset, e.alt ?? e.asset.licenseTitle ?? '')}${e.caption ? `<figcaption>${e.caption}</figcaption>` : ''}</figure>`,
};
