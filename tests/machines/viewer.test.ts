import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { viewerMachine } from '../../machines/viewer';
import { elementMachines } from '../../machines/elements/registry';
import { elementsOnPage } from '../../src/model/tree';
import { fixtureMaterial as material } from '../viewer/fixtureMaterial';

const statefulOnPage = (content: typeof material.content) =>
  [...elementsOnPage(content)].filter((e) => elementMachines[e.modelName]).map((e) => e.id).sort();

describe('viewer machine', () => {
  it('spawns one actor per stateful element of an opened page, once, with a stable id', () => {
    const viewer = createActor(viewerMachine, { input: { material } }).start();
    expect(viewer.getSnapshot().context.elementActors).toEqual({});
    viewer.send({ type: 'page.open', pageId: material.id, content: material.content });
    const first = viewer.getSnapshot().context.elementActors;
    expect(Object.keys(first).sort()).toEqual(statefulOnPage(material.content));
    for (const [id, ref] of Object.entries(first)) expect(ref.id).toBe(`element:${id}`);

    viewer.send({ type: 'page.open', pageId: material.id, content: material.content });
    expect(viewer.getSnapshot().context.elementActors).toBe(first);
    expect(viewer.getSnapshot().context.openedPageIds).toEqual([material.id]);
  });

  it('does not spawn the inside of chapters that were not opened', () => {
    const viewer = createActor(viewerMachine, { input: { material } }).start();
    viewer.send({ type: 'page.open', pageId: material.id, content: material.content });
    const chapter = material.content[1];
    if (chapter.modelName !== 'Chapter') throw new Error('fixture changed');
    const inside = statefulOnPage(chapter.content);
    for (const id of inside) expect(viewer.getSnapshot().context.elementActors[id]).toBeUndefined();
    viewer.send({ type: 'page.open', pageId: chapter.id, content: chapter.content });
    expect(viewer.getSnapshot().context.currentPageId).toBe(chapter.id);
    expect(viewer.getSnapshot().context.openedPageIds).toEqual([material.id, chapter.id]);
  });

  it('records what children report', () => {
    const viewer = createActor(viewerMachine, { input: { material } }).start();
    viewer.send({ type: 'element.changed', id: 'x', field: 'progress', value: 1 });
    expect(viewer.getSnapshot().context.changes).toEqual([{ id: 'x', field: 'progress', value: 1 }]);
  });
});
