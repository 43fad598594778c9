import { describe, expect, it } from 'vitest';
import { certificateQuestionIds, formatIssues, Material } from '../../model/material';

const material = (content: unknown[]) => ({ modelName: 'Material', id: 'm', publicId: 'm', title: 'M', content });
const issues = (value: unknown) => {
  const result = Material.safeParse(value);
  return result.success ? [] : formatIssues(result.error);
};
const gap = (id: string) => ({ type: 'gap', id, mode: 'textinput', solutions: [{ text: 'a', correct: true }], children: [{ text: '' }] });

describe('ids and publicIds are unique in a material', () => {
  it('refuses a gap id used twice (gap ids key the learner’s inputs)', () => {
    const cloze = { id: 'c', modelName: 'ClozeQuestion', content: [{ type: 'p', children: [gap('g1'), { text: ' und ' }, gap('g1')] }] };
    expect(issues(material([cloze]))).toEqual(['content[0].content[0].children[2].id: duplicate id "g1" (first used at content[0].content[0].children[0])']);
  });

  it('refuses two chapters with one publicId', () => {
    const chapter = (id: string) => ({ id, modelName: 'Chapter', publicId: 'teil', title: id, content: [] });
    expect(issues(material([chapter('a'), { id: 'f', modelName: 'Foldable', title: 'F', content: [chapter('b')] }]))).toEqual([
      'content[1].content[0].publicId: duplicate publicId "teil" (first used at content[0])',
    ]);
  });
});

describe('certificate [questions] block', () => {
  it('lists the ids in brackets after [questions]', () => {
    expect(certificateQuestionIds('<p>Text</p><p>[questions] [a-1] [b_2]</p>')).toEqual(['a-1', 'b_2']);
    expect(certificateQuestionIds('<p>no block [x]</p>')).toEqual([]);
  });

  it('may only name free-text elements of the material', () => {
    const freeText = { id: 'ft', modelName: 'FreeTextInput', instructions: { html: '<p>?</p>' } };
    const certificate = (content: string) => ({ id: 'cert', modelName: 'Certificate', title: 'Z', content });
    expect(issues(material([freeText, certificate('[questions] [ft]')]))).toEqual([]);
    expect(issues(material([freeText, certificate('[questions] [ft] [nope]')]))).toEqual([
      'content[1].content: [questions] names "nope", which is no free-text element of this material',
    ]);
  });
});

describe('HtmlElement', () => {
  it('accepts embed code only as an iframe string', () => {
    const html = (h: string) => material([{ id: 'h', modelName: 'HtmlElement', content: { html: h } }]);
    expect(issues(html('<iframe src="https://example.org"></iframe>'))).toEqual([]);
    expect(issues(html('<div>hi</div>'))).toEqual(['content[0].content.html: embed code is accepted only as an iframe string']);
  });
});
