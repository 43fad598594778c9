import type { ElementInput, FloorSample, MixEntry, SampleSource } from '../../../scripts/bench/sampleSource';

const MAP_ASSET = {
  file: 'wasser/karte-auenbach-en.png', width: 1200, height: 900, aspectRatio: 1.3333,
  licenseTitle: 'Map of Auenbach with lake, river, waterworks and wells (Illustration: Lernwerk, CC BY 4.0)',
} as const;

/** The demo's map with its two wells as the right polygons. */
export function generatePolygon(g: SampleSource): ElementInput {
  const id = g.id('polygon');
  const square = (x: number, y: number) => [{ x, y }, { x: x + 0.08, y }, { x: x + 0.08, y: y + 0.08 }, { x, y: y + 0.08 }];
  return {
    modelName: 'PolygonTargetExercise', id, asset: { ...MAP_ASSET },
    question: { html: `<p>Mark the two wells on the map. ${g.sentence(5, 5)}</p>` },
    polygons: [
      { id: `${id}-west`, points: square(0.27, 0.75), isCorrect: true },
      { id: `${id}-east`, points: square(0.54, 0.82), isCorrect: true },
    ],
    feedbackPositive: { html: '<p>Both wells found.</p>' },
    feedbackNegative: { html: '<p>Look at the legend again.</p>' },
  };
}

export const mix: MixEntry[] = [{ name: 'Polygon', head: [9], weight: 1.5, cost: 1, make: generatePolygon }];

export const floor: FloorSample<'PolygonTargetExercise'> = {
  modelName: 'PolygonTargetExercise',
  // The app loads this image eagerly too.
  html: (e, { img, evaluateButton }) => `<form class="question">${e.question.html}${img(e.asset, e.asset.licenseTitle ?? '', false)}${evaluateButton(e.submitText || 'Check answer')}</form>`,
};
