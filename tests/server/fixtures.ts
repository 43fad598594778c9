/** Small inline content for the server tests (not the demo files). */
import { Collection, Material, type MaterialInput } from '../../model/material';

export const richMaterialInput: MaterialInput = {
  modelName: 'Material',
  id: 'm-rich',
  publicId: 'rich-material',
  title: 'Rich <material> & "friends"',
  created_at: '2025-03-01T10:00:00+01:00',
  evaluationType: 'composite',
  metadata: { subject: 'Biologie', level: ['A', 'B'] },
  description: '<p>About</p>',
  content: [
    { modelName: 'Text', id: 'm-rich-text', content: { html: '<p>Hello</p>' } },
    {
      modelName: 'Chapter',
      id: 'm-rich-ch1',
      publicId: 'chapter-one',
      title: 'Chapter one',
      content: [
        {
          modelName: 'ChoiceQuestion',
          id: 'm-rich-q1',
          type: 'sc',
          question: '<p>Which?</p>',
          choices: [
            { id: 'm-rich-q1-a', text: 'A', correct: true },
            { id: 'm-rich-q1-b', text: 'B', correct: false },
          ],
        },
        { modelName: 'Foldable', id: 'm-rich-fold', title: 'Empty fold', content: [] },
      ],
    },
    {
      modelName: 'Columns',
      id: 'm-rich-cols',
      left: [{ modelName: 'Heading', id: 'm-rich-h', content: { html: 'Left' }, level: 3 }],
      right: [],
    },
    {
      modelName: 'AssignmentQuestion',
      id: 'm-rich-assign',
      zones: [
        { id: 'm-rich-zone', title: 'Zone', items: [{ id: 'm-rich-item', text: 'Item' }] },
      ],
      disruptors: [{ id: 'm-rich-disruptor', text: 'Wrong' }],
    },
    {
      modelName: 'Hotspot',
      id: 'm-rich-hotspot',
      asset: { file: 'hot.png' },
      elements: [{ id: 'spot-1', x: 0.5, y: 0.5, title: 'Spot' }],
    },
    {
      modelName: 'ImageGallery',
      id: 'm-rich-gallery',
      content: [{ modelName: 'Image', id: 'm-rich-img', asset: { file: 'a.png', focus: { x: 0.2, y: 0.3 } } }],
    },
    {
      modelName: 'Path',
      id: 'm-rich-path',
      content: [{ modelName: 'IFrame', id: 'm-rich-step', title: 'Step', url: 'https://example.org' }],
    },
  ],
};

export const richMaterial: Material = Material.parse(richMaterialInput);

/** A minimal material; `suffix` makes its ids unique. */
export function smallMaterial(suffix: string, extra: Partial<MaterialInput> = {}): Material {
  return Material.parse({
    modelName: 'Material',
    id: `m-${suffix}`,
    publicId: `material-${suffix}`,
    title: `Material ${suffix}`,
    content: [
      { modelName: 'Text', id: `m-${suffix}-t1`, content: { html: `<p>${suffix} one</p>` } },
      { modelName: 'Text', id: `m-${suffix}-t2`, content: { html: `<p>${suffix} two</p>` } },
    ],
    ...extra,
  } satisfies MaterialInput);
}

export function smallCollection(suffix: string, materials: Material[]): Collection {
  return Collection.parse({
    modelName: 'Collection',
    id: `c-${suffix}`,
    publicId: `collection-${suffix}`,
    title: `Collection ${suffix}`,
    items: materials.map((material, i) => ({ id: `c-${suffix}-item-${i}`, material })),
  });
}
