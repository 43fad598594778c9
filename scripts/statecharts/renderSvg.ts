import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../chromiumArgs';

/*
 * Mermaid in headless Chromium (Debian's /usr/bin/chromium through Playwright), loaded from
 * node_modules into a blank page: no network. One browser renders every diagram in turn.
 */

export const CHROMIUM = '/usr/bin/chromium';

const require = createRequire(import.meta.url);

/** Mermaid's browser bundle (sets `window.mermaid`). */
export function mermaidBundlePath(): string {
  return require.resolve('mermaid/dist/mermaid.min.js');
}

type MermaidApi = {
  initialize(config: Record<string, unknown>): void;
  parse(text: string): Promise<unknown>;
  render(id: string, text: string): Promise<{ svg: string }>;
};

/** Same settings every run, so the same text gives the same SVG. */
const MERMAID_CONFIG = {
  startOnLoad: false,
  securityLevel: 'strict',
  theme: 'default',
  deterministicIds: true,
  deterministicIDSeed: 'lernwerk',
  htmlLabels: false,
  fontFamily: 'sans-serif',
  state: { useMaxWidth: false },
};

export type MermaidPage = {
  /** Mermaid's own parser: resolves, or rejects with its message. */
  parse(text: string): Promise<void>;
  render(id: string, text: string): Promise<string>;
  close(): Promise<void>;
};

export async function openMermaid(): Promise<MermaidPage> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}. Install it with: apt-get install -y chromium`);
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  try {
    const page: Page = await browser.newPage();
    // Nothing may come from the network: the bundle is injected from disk.
    await page.route('**/*', (route) => route.abort());
    await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
    await page.addScriptTag({ path: mermaidBundlePath() });
    await page.evaluate((config) => (window as unknown as { mermaid: MermaidApi }).mermaid.initialize(config), MERMAID_CONFIG);
    return {
      async parse(text) {
        const error = await page.evaluate(async (source) => {
          try {
            await (window as unknown as { mermaid: MermaidApi }).mermaid.parse(source);
            return null;
          } catch (e) {
            return e instanceof Error ? e.message : String(e);
          }
        }, text);
        if (error !== null) throw new Error(`Mermaid cannot parse the diagram: ${error}`);
      },
      async render(id, text) {
        const result = await page.evaluate(
          async ({ id: diagramId, source }) => {
            // Mermaid draws some shapes with rough.js, which jitters by Math.random: a seeded
            // generator, reset per diagram, makes the same text give the same SVG.
            let seed = 0x5eed;
            Math.random = () => {
              seed = (seed + 0x6d2b79f5) | 0;
              let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
              t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
              return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
            };
            try {
              return { svg: (await (window as unknown as { mermaid: MermaidApi }).mermaid.render(diagramId, source)).svg };
            } catch (e) {
              return { error: e instanceof Error ? e.message : String(e) };
            }
          },
          { id, source: text },
        );
        if ('error' in result) throw new Error(`Mermaid cannot render ${id}: ${result.error}`);
        return `${result.svg}\n`;
      },
      close: () => browser.close(),
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
