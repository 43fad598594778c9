import { Material, type MaterialInput } from '../../model/material';

const text = (id: string, html = `<p>${id}</p>`) => ({ id, modelName: 'Text' as const, content: { html } });

/** A small material with chapters three levels deep, a path, containers and an external resource. */
export const fixtureInput: MaterialInput = {
  modelName: 'Material',
  id: 'm1',
  publicId: 'kurs',
  title: 'Kurs',
  content: [
    text('intro'),
    {
      id: 'ch1', modelName: 'Chapter', publicId: 'eins', title: 'Eins',
      content: [
        text('ch1-text'),
        { id: 'ch1-fold', modelName: 'Foldable', title: 'Details', content: [] },
        {
          id: 'ch1a', modelName: 'Chapter', publicId: 'eins-a', title: 'Eins A',
          content: [
            { id: 'ch1a-i', modelName: 'Chapter', publicId: 'tief', title: 'Tief', content: [text('deep')] },
            { id: 'ext', modelName: 'IFrame', title: 'Wiki', url: 'https://example.org' },
          ],
        },
      ],
    },
    { id: 'fold', modelName: 'Foldable', title: 'Mehr', content: [{ id: 'ch2', modelName: 'Chapter', publicId: 'zwei', title: 'Zwei', content: [] }] },
    {
      id: 'path', modelName: 'Path',
      content: [{ id: 'ch3', modelName: 'Chapter', publicId: 'drei', title: 'Drei', content: [text('in-path')] }],
    },
  ],
};

export const fixtureMaterial = Material.parse(fixtureInput);
