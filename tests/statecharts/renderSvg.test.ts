import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartOf } from '../../scripts/statecharts/chart';
import { toMermaid } from '../../scripts/statecharts/mermaid';
import { openMermaid, type MermaidPage } from '../../scripts/statecharts/renderSvg';
import { compoundMachine } from './fixtureMachines';

describe('SVG of a diagram, rendered by Mermaid in headless Chromium without network', () => {
  let mermaid: MermaidPage;
  beforeAll(async () => {
    mermaid = await openMermaid();
  }, 60_000);
  afterAll(() => mermaid?.close());

  it('draws every state and transition label, the same bytes every time', async () => {
    const text = toMermaid(chartOf(compoundMachine));
    const svg = await mermaid.render('door', text);
    expect(svg.startsWith('<svg')).toBe(true);
    for (const label of ['closed', 'unlocked', 'locked', 'open', 'door.lock', 'door.unlock', 'door.open', 'door.close']) {
      expect(svg, label).toContain(`>${label}<`);
    }
    expect(svg).toContain('>door — A door that can be opened, and locked while closed.<');
    // Notes are set word by word.
    expect(svg).toContain('> stands<');
    expect(svg).toContain('> greet<');
    expect(await mermaid.render('door', text)).toBe(svg);
  });

  it('rejects what Mermaid cannot parse', async () => {
    await expect(mermaid.parse('stateDiagram-v2\n  state a {{\n')).rejects.toThrow('Mermaid cannot parse the diagram');
  });
});
