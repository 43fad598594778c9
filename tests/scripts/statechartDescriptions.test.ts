import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { statechartsWithoutDescriptions } from '../../vite.config';

const plugin = statechartsWithoutDescriptions();
const warnings: string[] = [];
const context = { parse: (code: string) => parseAst(code), warn: (message: string) => void warnings.push(message) };
const transform = (code: string, id = '/repo/machines/elements/sample.ts') =>
  (plugin.transform as unknown as (this: typeof context, code: string, id: string) => { code: string; map: null } | null).call(context, code, id);

const source = `import { setup } from 'xstate';
export const note = { description: 'kept: not a machine' };
const again = { target: 'done', description: 'Used twice.' };
export const sample = setup({ types: {} }).createMachine({
  id: 'sample',
  description: 'The learner’s answer … with “quotes”.',
  initial: 'idle',
  states: {
    idle: { description: \`Waiting.\`, on: { go: { target: 'done', description: 'Go on.' }, again } },
    done: { type: 'final', description: "Finished, it's over." },
  },
});
`;

describe('vite build drops the descriptions of statecharts (vite.config.ts)', () => {
  it('blanks every description of a createMachine config and of a transition written beside it, keeps everything else in place', () => {
    const result = transform(source);
    expect(result).not.toBeNull();
    const { code } = result!;
    expect(code).toHaveLength(source.length);
    expect(code.split('\n').map((line) => line.length)).toEqual(source.split('\n').map((line) => line.length));
    expect(code).toContain(`export const note = { description: 'kept: not a machine' };`);
    expect(code.match(/description/g)).toHaveLength(1);
    expect(code).toMatch(/idle: \{ +on: \{ go: \{ target: 'done', +\}, again \} \}/);
    expect(code).toMatch(/const again = \{ target: 'done', +\};/);
    expect(code).toMatch(/done: \{ type: 'final', +\}/);
    expect(code).toMatch(/id: 'sample',\n +\n {2}initial: 'idle',/);
    // Still one valid module.
    expect(() => parseAst(code)).not.toThrow();
    expect(warnings).toEqual([]);
  });

  it('leaves other files alone', () => {
    expect(transform(source, '/repo/src/viewer/sample.ts')).toBeNull();
    expect(transform(source, '/repo/node_modules/x/machines/sample.ts')).toBeNull();
  });
});
