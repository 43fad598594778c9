// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { loadedElementMachines } from '../../machines/elements/loadedMachines';
import { MODEL_NAMES } from '../../model/elements';
import { isStateful } from '../../src/kinds/rules';
import { machinesLoadedFor, preloadElementComponents } from '../../src/elements/registry';
import { kindMachines } from '../../scripts/statecharts/kindMachines';

/*
 * A stateful kind's chart comes with its view's chunk (src/elements/registry.ts): the viewer can spawn
 * the kind's actors once its view has loaded, and not before.
 */

describe('the charts of the element kinds', () => {
  it('come with their views: loading a kind registers its chart, and only its own', async () => {
    const charts = new Map((await kindMachines()).map(({ modelName, machine }) => [modelName, machine]));
    // What tests/setup.ts registered for every test is taken away: the views alone register here.
    for (const kind of Object.keys(loadedElementMachines)) delete loadedElementMachines[kind as keyof typeof loadedElementMachines];
    expect(machinesLoadedFor(MODEL_NAMES.filter(isStateful))).toBe(false);
    expect(machinesLoadedFor(MODEL_NAMES.filter((kind) => !isStateful(kind)))).toBe(true);

    for (const kind of MODEL_NAMES) {
      const before = Object.keys(loadedElementMachines).length;
      await preloadElementComponents([kind]);
      expect(loadedElementMachines[kind], kind).toBe(isStateful(kind) ? charts.get(kind) : undefined);
      expect(Object.keys(loadedElementMachines).length, kind).toBe(before + (isStateful(kind) ? 1 : 0));
      expect(machinesLoadedFor([kind]), kind).toBe(true);
    }
    expect(charts.size).toBe(MODEL_NAMES.filter(isStateful).length);
  });
});
