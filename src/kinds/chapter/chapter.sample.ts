import type { ElementInput, FloorSample, SampleSource } from '../../../scripts/bench/sampleSource';
import { generateChoice } from '../choice/choice.sample';
import { generateHeading } from '../heading/heading.sample';
import { IMAGE_ASSETS } from '../image/image.sample';
import { generateText } from '../text/text.sample';

/** A chapter card with a cover; its page holds a heading, a text and a single-choice question. */
export function generateChapter(g: SampleSource, index: number, publicPrefix: string): ElementInput {
  const asset = g.pick(IMAGE_ASSETS);
  return {
    modelName: 'Chapter', id: g.id('chapter'), publicId: `${publicPrefix}-chapter-${index}`, title: `Chapter ${index}: ${g.title()}`,
    description: `<p>${g.sentence(8, 6)}</p>`, duration: `${10 + g.int(20)} min`, cover: { ...asset }, evaluationType: 'composite',
    content: [generateHeading(g), generateText(g), generateChoice(g, 'sc')],
  };
}

export const floor: FloorSample<'Chapter'> = {
  modelName: 'Chapter',
  html: (e, { esc, assetUrl }) =>
    `<a class="card" href="${esc(e.publicId)}/">${e.cover ? `<img src="${esc(assetUrl(e.cover, 'card-300'))}" alt="" loading="lazy" width="160" height="107">` : ''}` +
    `<span><strong>${esc(e.title)}</strong>${e.description ?? ''}${e.duration ? `<small>${esc(e.duration)}</small>` : ''}</span></a>`,
};
