/** A material with every question kind, an external resource and a path, for the learning-record tests. */
import { Material } from '../../model/material';

export function xapiMaterial(suffix = 'x'): Material {
  const id = (name: string) => `${suffix}-${name}`;
  return Material.parse({
    modelName: 'Material',
    id: id('material'),
    publicId: `xapi-${suffix}`,
    title: 'Cells',
    evaluationType: 'composite',
    content: [
      {
        modelName: 'Chapter',
        id: id('ch1'),
        publicId: `${suffix}-chapter-one`,
        title: 'Chapter one',
        content: [
          {
            modelName: 'ChoiceQuestion',
            id: id('choice'),
            type: 'mc',
            question: '<p>Which are organelles?</p>',
            choices: [
              { id: id('choice-a'), text: '<p>Nucleus</p>', correct: true },
              { id: id('choice-b'), text: 'Cell wall &amp; more', correct: false },
              { id: id('choice-c'), text: 'Mitochondrion', correct: true },
            ],
          },
          {
            modelName: 'ClozeQuestion',
            id: id('cloze'),
            question: '<p>Fill in</p>',
            content: [
              {
                type: 'p',
                children: [
                  { text: 'The ' },
                  { type: 'gap', id: id('gap1'), mode: 'textinput', solutions: [{ text: 'nucleus', correct: true }, { text: 'core', correct: true }], children: [{ text: '' }] },
                  { text: ' holds the ' },
                  { type: 'gap', id: id('gap2'), mode: 'dropdown', solutions: [{ text: 'DNA', correct: true }, { text: 'water', correct: false }], children: [{ text: '' }] },
                ],
              },
            ],
          },
          {
            modelName: 'AssignmentQuestion',
            id: id('assign'),
            instructions: '<p>Sort</p>',
            zones: [
              { id: id('zone-plant'), title: 'Plant', items: [{ id: id('item-wall'), text: 'Cell wall' }] },
              { id: id('zone-animal'), title: 'Animal', items: [{ id: id('item-centriole'), text: 'Centriole' }] },
            ],
            disruptors: [{ id: id('item-wheel'), text: 'Wheel' }],
          },
          {
            modelName: 'PolygonTargetExercise',
            id: id('polygon'),
            asset: { file: 'cell.png' },
            question: { html: '<p>Find the nucleus</p>' },
            polygons: [{ points: [{ x: 0.1, y: 0.1 }, { x: 0.5, y: 0.1 }, { x: 0.3, y: 0.5 }] }],
          },
          { modelName: 'FreeTextInput', id: id('free'), instructions: { html: '<p>Explain osmosis</p>' } },
        ],
      },
      {
        modelName: 'Chapter',
        id: id('ch2'),
        publicId: `${suffix}-chapter-two`,
        title: 'Chapter two',
        content: [
          { modelName: 'IFrame', id: id('video'), title: 'A video', url: 'https://example.org/video' },
          {
            modelName: 'Path',
            id: id('path'),
            content: [
              { modelName: 'Chapter', id: id('step'), publicId: `${suffix}-step`, title: 'Step one', pathEvaluationType: 'openedCompletion', content: [] },
            ],
          },
        ],
      },
    ],
  });
}
