import { describe, expect, it } from 'vitest';
import { allElements, chaptersOnPage, elementsOnPage, resolvePath } from '../../model/tree';
import { pagePath, siblingTargets } from '../../src/viewer/navTarget';
import { Material } from '../../model/material';
import { fixtureInput, fixtureMaterial as material } from './fixtureMaterial';

describe('resolvePath', () => {
  it('resolves the root, and chapters three levels deep by publicId', () => {
    expect(resolvePath(material, [])).toEqual({ kind: 'page', trail: [] });
    const deep = resolvePath(material, ['eins', 'eins-a', 'tief']);
    expect(deep.kind).toBe('page');
    expect(deep.kind === 'page' && deep.trail.map((c) => c.id)).toEqual(['ch1', 'ch1a', 'ch1a-i']);
  });

  it('finds chapters inside containers and paths, but not chapters of other chapters', () => {
    expect(resolvePath(material, ['zwei']).kind).toBe('page');
    expect(resolvePath(material, ['drei']).kind).toBe('page');
    expect(resolvePath(material, ['tief']).kind).toBe('notFound');
    expect(resolvePath(material, ['eins', 'nix']).kind).toBe('notFound');
  });

  it('resolves an external resource of a chapter and an embeddable element at the root', () => {
    const iframe = resolvePath(material, ['eins', 'eins-a', 'iframe', 'ext']);
    expect(iframe.kind === 'iframe' && iframe.resource.url).toBe('https://example.org');
    expect(resolvePath(material, ['eins', 'iframe', 'ext']).kind).toBe('notFound');
    const element = resolvePath(material, ['iframe', 'deep']);
    expect(element.kind === 'element' && element.element.id).toBe('deep');
    expect(resolvePath(material, ['iframe', 'missing']).kind).toBe('notFound');
  });

  it('opens an external resource of the root page as a page of its own', () => {
    const withResource = Material.parse({
      ...fixtureInput,
      content: [...fixtureInput.content, { id: 'root-ext', modelName: 'IFrame', title: 'Lexikon', url: 'https://example.org/lexikon' }],
    });
    const resolved = resolvePath(withResource, ['iframe', 'root-ext']);
    expect(resolved).toEqual({ kind: 'iframe', trail: [], resource: expect.objectContaining({ id: 'root-ext' }) });
  });
});

describe('page traversal', () => {
  it('lists what a page shows without descending into nested chapters', () => {
    expect([...elementsOnPage(material.content)].map((e) => e.id)).toEqual(['intro', 'ch1', 'fold', 'ch2', 'path', 'ch3']);
    expect([...allElements(material.content)].map((e) => e.id)).toContain('deep');
    expect(chaptersOnPage(material).map((c) => c.publicId)).toEqual(['eins', 'zwei', 'drei']);
  });
});

describe('footer navigation targets', () => {
  it('goes to siblings by the ancestors’ publicIds, else up to the parent at the chapter’s anchor', () => {
    const resolved = resolvePath(material, ['eins', 'eins-a']);
    if (resolved.kind !== 'page') throw new Error('fixture changed');
    const [eins, einsA] = resolved.trail;
    expect(siblingTargets(material, [], '')).toEqual({ forward: { to: '/eins/' } });
    expect(siblingTargets(material, [eins], '')).toEqual({ back: { to: '/', scrollTo: 'ch1' }, forward: { to: '/zwei/' } });
    expect(siblingTargets(material, [eins, einsA], '/kurs')).toEqual({
      back: { to: '/kurs/eins/', scrollTo: 'ch1a' },
      forward: { to: '/kurs/eins/', scrollTo: 'ch1a' },
    });
    expect(pagePath('/kurs', [eins, einsA])).toBe('/kurs/eins/eins-a/');
  });
});
