import type { ElementInput, FloorSample, MixEntry, SampleSource } from '../../../scripts/bench/sampleSource';

const CODE_SAMPLES: { mode: 'python' | 'javascript' | 'sql' | 'yaml'; content: string }[] = [
  { mode: 'python', content: 'levels = [200.0, 195.8, 191.2, 193.0]\nrain = [0.0, 6.5, 0.0]\nfor day, r in enumerate(rain, start=1):\n    print(day, levels[day - 1] - levels[day] + r)\n' },
  { mode: 'javascript', content: 'const readings = [482.3, 482.6, 483.0];\nconst litres = (readings.at(-1) - readings[0]) * 1000;\nconsole.log(`${(litres / 2 / 4).toFixed(0)} l per person and day`);\n' },
  { mode: 'sql', content: 'SELECT station, avg(nitrate_mg_l) AS nitrate\nFROM samples\nWHERE taken_on >= date \'2026-01-01\'\nGROUP BY station\nORDER BY nitrate DESC;\n' },
  { mode: 'yaml', content: 'station: auenbach-west\nsamples:\n  - date: 2026-03-01\n    nitrate: 21.4\n  - date: 2026-03-08\n    nitrate: 19.8\n' },
];

export function generateCode(g: SampleSource): ElementInput {
  const sample = g.pick(CODE_SAMPLES);
  return { modelName: 'Code', id: g.id('code'), mode: sample.mode, content: sample.content };
}

export const mix: MixEntry[] = [{ name: 'Code', head: [11], weight: 3, cost: 1, make: generateCode }];

export const floor: FloorSample<'Code'> = { modelName: 'Code', html: (e, { esc }) => `<pre><code class="language-${e.mode}">${esc(e.content)}</code></pre>` };
