/**
 * Measurements in Node, without a browser: the viewer's start (the root statechart created, started and
 * told to open the root page, as src/viewer/MaterialViewer.tsx does) and the zod parse of the material.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import type { Material as MaterialSchema } from '../../model/material';
import { ROOT } from './appServer';
import { registerKindMachines } from '../statecharts/kindMachines';

export interface NodeTimings {
  viewerStartMs: number[];
  parseMs: number[];
}

/**
 * One untimed warm-up run each, then `runs` timed runs. The viewer, the schema and xstate come from the
 * checkout `root` (default this one), so another checkout can be measured too.
 */
export async function measureInNode(json: unknown, runs = 9, root = ROOT): Promise<NodeTimings> {
  const load = (file: string) => import(pathToFileURL(path.join(root, file)).href);
  const { Material } = (await load('model/material.ts')) as { Material: typeof MaterialSchema };
  const { viewerMachine } = (await load('machines/viewer.ts')) as { viewerMachine: AnyStateMachine };
  // Newer viewers spawn from the kinds' charts, registered when they load (with their views in the browser);
  // checkouts from before that registered them all in machines/elements/registry.ts.
  if (existsSync(path.join(root, 'machines/elements/registry.ts'))) await load('machines/elements/registry.ts');
  else await registerKindMachines(root);
  // xstate as that checkout resolves it (the machine and createActor must share one instance).
  const { createActor } = createRequire(path.join(root, 'package.json'))('xstate') as typeof import('xstate');
  const parseOnce = () => {
    const start = performance.now();
    const material = Material.parse(json);
    return { material, ms: performance.now() - start };
  };
  const { material } = parseOnce();
  const parseMs = Array.from({ length: runs }, () => parseOnce().ms);

  const startOnce = () => {
    const start = performance.now();
    const actor = createActor(viewerMachine, { input: { material } });
    actor.start();
    // As src/viewer/MaterialViewer.tsx opens the root page. Older viewers took the page's content with the
    // event (and spawned every actor of it then); newer ones ignore it and spawn on `elements.reveal`.
    actor.send({ type: 'page.open', pageId: material.id, content: material.content });
    const ms = performance.now() - start;
    actor.stop();
    return ms;
  };
  startOnce();
  const viewerStartMs = Array.from({ length: runs }, startOnce);
  return { viewerStartMs, parseMs };
}
