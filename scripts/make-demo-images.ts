/*
 * Draws the demo images of content/assets as SVG and rasterises them with sharp.
 * Run: npx tsx scripts/make-demo-images.ts   (no network; output is deterministic)
 *
 * The geometry the demo material relies on (hotspot positions on the water-cycle diagram, the wells
 * on the map that the polygon exercise asks for) is exported, so tests can check the material
 * against what is drawn.
 */
import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';

export const ASSET_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../content/assets');

type Lang = 'de' | 'en';
type Pt = { x: number; y: number };

/** The water-cycle diagram (`wasser/wasserkreislauf-{de,en}.png`). */
export const CYCLE_SIZE = { width: 1600, height: 1000 };
/** Pixel position of each process drawn on the diagram; the hotspot spots sit on them. */
export const CYCLE_FEATURES: Record<'verdunstung' | 'kondensation' | 'niederschlag' | 'versickerung' | 'abfluss' | 'grundwasser', Pt> = {
  verdunstung: { x: 330, y: 560 },
  kondensation: { x: 480, y: 280 },
  niederschlag: { x: 1130, y: 350 },
  versickerung: { x: 1075, y: 880 },
  abfluss: { x: 950, y: 700 },
  grundwasser: { x: 700, y: 955 },
};

/** The village map (`wasser/karte-auenbach-{de,en}.png`). */
export const MAP_SIZE = { width: 1200, height: 900 };
/** The two drinking-water wells the polygon exercise asks for. */
export const MAP_WELLS: Pt[] = [
  { x: 380, y: 730 },
  { x: 700, y: 790 },
];
/** Other water-related places drawn on the map (wrong answers). */
export const MAP_DECOYS: Record<'wasserwerk' | 'wasserturm' | 'klaeranlage' | 'see', Pt> = {
  wasserwerk: { x: 560, y: 620 },
  wasserturm: { x: 820, y: 330 },
  klaeranlage: { x: 980, y: 560 },
  see: { x: 300, y: 230 },
};

const FONT = "DejaVu Sans, Liberation Sans, sans-serif";

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Deterministic pseudo-random numbers, so every run draws the same pictures. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const svg = (w: number, h: number, body: string, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
  `<defs>${defs}<marker id="arrow" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker></defs>` +
  body +
  `</svg>`;

const linear = (id: string, stops: [number, string][], x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;

const radial = (id: string, stops: [number, string][], cx = 0.5, cy = 0.5, r = 0.5) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join('')}</radialGradient>`;

function cloud(cx: number, cy: number, s: number, fill = '#ffffff', opacity = 1): string {
  const parts = [
    [0, 0, 70, 45],
    [-60, 15, 55, 35],
    [60, 15, 60, 38],
    [-25, -25, 45, 40],
    [30, -30, 50, 42],
  ];
  return `<g fill="${fill}" opacity="${opacity}">${parts
    .map(([dx, dy, rx, ry]) => `<ellipse cx="${cx + dx * s}" cy="${cy + dy * s}" rx="${rx * s}" ry="${ry * s}"/>`)
    .join('')}</g>`;
}

function tree(x: number, y: number, s: number, leaf = '#3f7f3a'): string {
  return (
    `<rect x="${x - 4 * s}" y="${y - 20 * s}" width="${8 * s}" height="${22 * s}" fill="#6b4a2b"/>` +
    `<polygon points="${x},${y - 75 * s} ${x - 26 * s},${y - 15 * s} ${x + 26 * s},${y - 15 * s}" fill="${leaf}"/>` +
    `<polygon points="${x},${y - 95 * s} ${x - 20 * s},${y - 45 * s} ${x + 20 * s},${y - 45 * s}" fill="${leaf}" opacity="0.9"/>`
  );
}

function roundTree(x: number, y: number, r: number, leaf = '#4d8b3f'): string {
  return `<rect x="${x - r * 0.12}" y="${y - r * 0.2}" width="${r * 0.24}" height="${r * 0.9}" fill="#6b4a2b"/><circle cx="${x}" cy="${y - r * 0.6}" r="${r}" fill="${leaf}"/>`;
}

function waves(y: number, x0: number, x1: number, amp: number, len: number, color: string, width = 3): string {
  let d = `M${x0},${y}`;
  for (let x = x0; x < x1; x += len) d += ` q${len / 4},${-amp} ${len / 2},0 t${len / 2},0`;
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" opacity="0.7"/>`;
}

function rain(x0: number, x1: number, y0: number, y1: number, count: number, seed: number, color = '#5b8fc7'): string {
  const rnd = random(seed);
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = x0 + rnd() * (x1 - x0);
    const y = y0 + rnd() * (y1 - y0 - 40);
    out += `<line x1="${x.toFixed(1)}" y1="${y.toFixed(1)}" x2="${(x - 8).toFixed(1)}" y2="${(y + 34).toFixed(1)}" stroke="${color}" stroke-width="3" stroke-linecap="round" opacity="0.8"/>`;
  }
  return out;
}

/** A text label on a rounded white plate, centred on (x, y). */
function label(x: number, y: number, text: string, size = 30, color = '#1f3a5a', plate = 'rgba(255,255,255,0.88)'): string {
  const w = text.length * size * 0.62 + size;
  const h = size * 1.6;
  return (
    `<rect x="${(x - w / 2).toFixed(1)}" y="${(y - h / 2).toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" rx="${h / 2}" fill="${plate}"/>` +
    `<text x="${x}" y="${y + size * 0.36}" font-family="${FONT}" font-size="${size}" font-weight="bold" fill="${color}" text-anchor="middle">${esc(text)}</text>`
  );
}

const arrow = (d: string, color: string, width = 8, dash = '') =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" ${dash ? `stroke-dasharray="${dash}"` : ''} marker-end="url(#arrow)"/>`;

function droplet(cx: number, cy: number, s: number, fill: string): string {
  return `<path d="M${cx},${cy - 60 * s} C${cx + 10 * s},${cy - 35 * s} ${cx + 42 * s},${cy - 5 * s} ${cx + 42 * s},${cy + 22 * s} A${42 * s},${42 * s} 0 0 1 ${cx - 42 * s},${cy + 22 * s} C${cx - 42 * s},${cy - 5 * s} ${cx - 10 * s},${cy - 35 * s} ${cx},${cy - 60 * s} z" fill="${fill}"/>`;
}

function octagon(c: Pt, r: number): Pt[] {
  return Array.from({ length: 8 }, (_, i) => {
    const a = (Math.PI / 4) * i + Math.PI / 8;
    return { x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a) };
  });
}

/** The protection zones drawn around the wells, as fractions of the map (what the exercise uses). */
export const MAP_WELL_ZONES: Pt[][] = MAP_WELLS.map((w) =>
  octagon(w, 62).map((p) => ({ x: Number((p.x / MAP_SIZE.width).toFixed(3)), y: Number((p.y / MAP_SIZE.height).toFixed(3)) })),
);

const T = {
  de: {
    verdunstung: 'Verdunstung',
    kondensation: 'Kondensation',
    niederschlag: 'Niederschlag',
    versickerung: 'Versickerung',
    abfluss: 'Oberflächenabfluss',
    grundwasser: 'Grundwasserstrom',
    meer: 'Meer',
    see: 'Auensee',
    ort: 'Auenbach',
    wasserwerk: 'Wasserwerk',
    wasserturm: 'Wasserturm',
    klaeranlage: 'Kläranlage',
    legende: 'Legende',
    brunnen: 'Trinkwasserbrunnen',
    schutz: 'Wasserschutzgebiet',
    acker: 'Ackerland',
    wald: 'Wald',
    fluss: 'Auenbach (Fluss)',
    boden: 'Boden',
    kies: 'Kies und Sand',
    spiegel: 'Grundwasserspiegel',
    grundwasserLeiter: 'Grundwasser',
    ton: 'Ton (wasserundurchlässig)',
    brunnenSchnitt: 'Brunnen',
    steps: ['Rohwasser', 'Belüftung', 'Sandfilter', 'Aktivkohle', 'UV-Licht', 'Reinwasser-\nbehälter', 'Netz'],
    fluss2: 'Fluss',
    uferfiltrat: 'Uferfiltrat',
    brunnenUfer: 'Brunnen',
  },
  en: {
    verdunstung: 'Evaporation',
    kondensation: 'Condensation',
    niederschlag: 'Precipitation',
    versickerung: 'Infiltration',
    abfluss: 'Surface runoff',
    grundwasser: 'Groundwater flow',
    meer: 'Sea',
    see: 'Auen Lake',
    ort: 'Auenbach',
    wasserwerk: 'Waterworks',
    wasserturm: 'Water tower',
    klaeranlage: 'Sewage plant',
    legende: 'Legend',
    brunnen: 'Drinking-water well',
    schutz: 'Water protection area',
    acker: 'Farmland',
    wald: 'Forest',
    fluss: 'Auenbach (river)',
    boden: 'Topsoil',
    kies: 'Gravel and sand',
    spiegel: 'Water table',
    grundwasserLeiter: 'Groundwater',
    ton: 'Clay (impermeable)',
    brunnenSchnitt: 'Well',
    steps: ['Raw water', 'Aeration', 'Sand filter', 'Activated\ncarbon', 'UV light', 'Clear-water\ntank', 'Mains'],
    fluss2: 'River',
    uferfiltrat: 'Bank filtrate',
    brunnenUfer: 'Well',
  },
} satisfies Record<Lang, Record<string, string | string[]>>;

function waterCycle(lang: Lang): string {
  const t = T[lang];
  const { width: W, height: H } = CYCLE_SIZE;
  const f = CYCLE_FEATURES;
  const defs =
    linear('sky', [[0, '#8ecdf3'], [1, '#e8f5fc']]) +
    linear('sea', [[0, '#3489cc'], [1, '#1b578f']]) +
    linear('land', [[0, '#93c572'], [1, '#5e9945']]) +
    linear('soil', [[0, '#9b7650'], [1, '#7a5a3a']]) +
    linear('gw', [[0, '#6aa9dc'], [1, '#3b78b3']]) +
    radial('sun', [[0, '#fff3b0'], [0.6, '#ffd54a'], [1, '#ffb63b']]);
  let b = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  b += `<circle cx="170" cy="150" r="85" fill="url(#sun)"/>`;
  for (let i = 0; i < 12; i++) {
    const a = (Math.PI * 2 * i) / 12;
    b += `<line x1="${170 + Math.cos(a) * 105}" y1="${150 + Math.sin(a) * 105}" x2="${170 + Math.cos(a) * 140}" y2="${150 + Math.sin(a) * 140}" stroke="#ffc940" stroke-width="8" stroke-linecap="round"/>`;
  }
  // mountains and land
  b += `<polygon points="700,770 980,430 1150,300 1290,450 1420,330 1600,470 1600,770" fill="#7d8f6c"/>`;
  b += `<polygon points="1150,300 1108,352 1135,345 1160,362 1190,340" fill="#ffffff"/><polygon points="1420,330 1385,372 1410,366 1438,380 1460,360" fill="#ffffff"/>`;
  b += `<path d="M560,770 C700,700 820,690 950,720 C1100,690 1300,640 1600,650 L1600,850 L560,850 z" fill="url(#land)"/>`;
  b += `<path d="M0,720 L620,720 C600,760 580,800 560,850 L0,850 z" fill="url(#sea)"/>`;
  b += waves(745, 20, 560, 10, 60, '#cfe8fb') + waves(790, 0, 540, 10, 70, '#cfe8fb');
  // underground: soil over groundwater
  b += `<rect x="0" y="850" width="${W}" height="150" fill="url(#soil)"/>`;
  b += `<path d="M0,915 C300,905 700,925 1000,910 C1250,900 1450,915 1600,905 L1600,1000 L0,1000 z" fill="url(#gw)" opacity="0.9"/>`;
  const rnd = random(7);
  for (let i = 0; i < 140; i++) b += `<circle cx="${(rnd() * W).toFixed(0)}" cy="${(858 + rnd() * 50).toFixed(0)}" r="${(2 + rnd() * 4).toFixed(1)}" fill="#c7a57c" opacity="0.7"/>`;
  // river from the mountains to the sea
  b += `<path d="M1255,470 C1230,540 1150,600 1080,640 C1010,680 900,700 800,720 C700,740 640,740 600,760" fill="none" stroke="#3f93d8" stroke-width="16" stroke-linecap="round"/>`;
  for (const [x, y, s] of [[760, 745, 0.9], [820, 735, 1.1], [1380, 660, 1], [1440, 655, 1.2], [1500, 650, 0.9], [1030, 720, 0.8]] as const) b += tree(x, y, s);
  // clouds and rain
  b += cloud(f.kondensation.x, f.kondensation.y, 1.2);
  b += cloud(1120, 200, 1.5, '#b9c5d1');
  b += rain(1010, 1250, 270, 470, 36, 3);
  // evaporation arrows
  for (const dx of [-90, 0, 90]) {
    const x = f.verdunstung.x + dx;
    b += arrow(`M${x},700 C${x - 25},640 ${x + 25},590 ${x},530 C${x - 25},480 ${x + 20},440 ${x + 10},390`, '#e8833a', 7);
  }
  // transport of humid air from the sea to the mountains
  b += arrow(`M620,250 C760,190 860,190 960,210`, '#ffffff', 9, '18 14');
  // infiltration
  for (const x of [1000, 1150]) b += arrow(`M${x},780 L${x},${900}`, '#2c6fb0', 8, '12 10');
  // groundwater flow towards the sea
  b += arrow(`M1500,960 C1100,975 800,945 250,960`, '#1b4f80', 9);
  b += arrow(`M1120,520 C1070,600 1010,660 960,690`, '#1d6fbf', 6);
  b += label(f.verdunstung.x - 10, 420 - 60, t.verdunstung);
  b += label(f.kondensation.x, f.kondensation.y - 110, t.kondensation);
  b += label(f.niederschlag.x - 230, f.niederschlag.y + 40, t.niederschlag);
  b += label(f.versickerung.x + 200, f.versickerung.y - 10, t.versickerung, 26);
  b += label(f.abfluss.x - 60, f.abfluss.y - 90, t.abfluss, 26);
  b += label(f.grundwasser.x + 520, f.grundwasser.y - 5, t.grundwasser, 26, '#ffffff', 'rgba(27,79,128,0.85)');
  b += label(180, 810, t.meer, 26, '#ffffff', 'rgba(20,70,120,0.6)');
  return svg(W, H, b, defs);
}

function villageMap(lang: Lang): string {
  const t = T[lang];
  const { width: W, height: H } = MAP_SIZE;
  const d = MAP_DECOYS;
  const defs =
    `<pattern id="field" width="24" height="24" patternUnits="userSpaceOnUse" patternTransform="rotate(25)"><rect width="24" height="24" fill="#e3e9a9"/><rect width="12" height="24" fill="#d4df8c"/></pattern>` +
    '';
  let b = `<rect width="${W}" height="${H}" fill="#eef2dd"/>`;
  b += `<rect x="900" y="70" width="270" height="250" rx="12" fill="url(#field)" stroke="#c6d07a" stroke-width="3"/>`;
  b += `<text x="1035" y="205" font-family="${FONT}" font-size="24" fill="#6b7330" text-anchor="middle" font-style="italic">${esc(t.acker)}</text>`;
  // forest in the south-west
  const rnd = random(11);
  for (let i = 0; i < 70; i++) {
    const x = 40 + rnd() * 250;
    const y = 600 + rnd() * 270;
    b += `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(16 + rnd() * 12).toFixed(0)}" fill="${rnd() > 0.5 ? '#6aa35a' : '#4f8a45'}"/>`;
  }
  b += label(165, 872, t.wald, 20, '#2f5a28');
  // lake and river
  b += `<ellipse cx="${d.see.x}" cy="${d.see.y}" rx="230" ry="140" fill="#92c8ec" stroke="#5a9fd1" stroke-width="4"/>`;
  b += `<path d="M515,280 C600,380 660,450 820,540 C930,600 1020,660 1210,720" fill="none" stroke="#7ab8e4" stroke-width="20" stroke-linecap="round"/>`;
  b += `<text x="${d.see.x}" y="${d.see.y + 10}" font-family="${FONT}" font-size="30" fill="#1f5a8a" text-anchor="middle" font-style="italic">${esc(t.see)}</text>`;
  b += `<text x="870" y="615" font-family="${FONT}" font-size="20" fill="#1f5a8a" text-anchor="middle" font-style="italic" transform="rotate(28 870 615)">${esc(t.fluss)}</text>`;
  // roads
  b += `<path d="M0,520 C300,500 700,470 1200,430" fill="none" stroke="#b8b2a4" stroke-width="18"/><path d="M0,520 C300,500 700,470 1200,430" fill="none" stroke="#ffffff" stroke-width="3" stroke-dasharray="14 12"/>`;
  b += `<path d="M700,480 L700,130" fill="none" stroke="#b8b2a4" stroke-width="12"/>`;
  b += `<path d="M560,500 L560,620" fill="none" stroke="#b8b2a4" stroke-width="10"/>`;
  // village
  const houses = [[620, 170], [660, 200], [740, 170], [780, 210], [620, 250], [660, 290], [750, 260], [800, 280], [630, 340], [760, 350], [860, 230], [860, 300]];
  for (const [x, y] of houses) b += `<rect x="${x - 18}" y="${y - 14}" width="36" height="28" fill="#d9875f" stroke="#8d4f33" stroke-width="2"/>`;
  b += label(700, 110, t.ort, 28, '#3a2a1a');
  // water tower
  b += `<g><rect x="${d.wasserturm.x - 6}" y="${d.wasserturm.y - 5}" width="12" height="40" fill="#6d7f91"/><ellipse cx="${d.wasserturm.x}" cy="${d.wasserturm.y - 12}" rx="24" ry="16" fill="#3f7fbf" stroke="#1f4f7f" stroke-width="3"/></g>`;
  // waterworks with pipes to the wells
  for (const w of MAP_WELLS) b += `<path d="M${w.x},${w.y} L${d.wasserwerk.x},${d.wasserwerk.y}" stroke="#3f7fbf" stroke-width="4" stroke-dasharray="10 8"/>`;
  b += `<rect x="${d.wasserwerk.x - 45}" y="${d.wasserwerk.y - 30}" width="90" height="60" fill="#ffffff" stroke="#1f4f7f" stroke-width="4"/><rect x="${d.wasserwerk.x - 45}" y="${d.wasserwerk.y - 30}" width="90" height="16" fill="#3f7fbf"/>`;
  b += droplet(d.wasserwerk.x, d.wasserwerk.y + 10, 0.3, '#3f7fbf');
  // wells inside their protection zones
  for (const w of MAP_WELLS) {
    const pts = octagon(w, 62).map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
    b += `<polygon points="${pts}" fill="#cfe6f7" fill-opacity="0.75" stroke="#3f7fbf" stroke-width="3" stroke-dasharray="9 7"/>`;
    b += `<circle cx="${w.x}" cy="${w.y}" r="14" fill="#ffffff" stroke="#1f4f7f" stroke-width="4"/><circle cx="${w.x}" cy="${w.y}" r="6" fill="#1f4f7f"/>`;
  }
  // sewage plant: two round basins
  b += `<rect x="${d.klaeranlage.x - 55}" y="${d.klaeranlage.y - 35}" width="110" height="70" rx="8" fill="#d8d8d0" stroke="#8a8a80" stroke-width="3"/>`;
  b += `<circle cx="${d.klaeranlage.x - 25}" cy="${d.klaeranlage.y}" r="22" fill="#8fa89c" stroke="#5a6f64" stroke-width="3"/><circle cx="${d.klaeranlage.x + 25}" cy="${d.klaeranlage.y}" r="22" fill="#8fa89c" stroke="#5a6f64" stroke-width="3"/>`;
  // north arrow
  b += `<g transform="translate(1150 390)"><polygon points="0,-34 14,12 0,4 -14,12" fill="#3a3a3a"/><text x="0" y="36" font-family="${FONT}" font-size="20" font-weight="bold" text-anchor="middle" fill="#3a3a3a">N</text></g>`;
  // legend
  const lx = 860;
  const ly = 705;
  b += `<rect x="${lx}" y="${ly}" width="330" height="185" rx="10" fill="#ffffff" fill-opacity="0.92" stroke="#9aa39a" stroke-width="2"/>`;
  b += `<text x="${lx + 16}" y="${ly + 28}" font-family="${FONT}" font-size="20" font-weight="bold" fill="#333">${esc(t.legende)}</text>`;
  const row = (i: number, icon: string, text: string) =>
    `<g transform="translate(${lx + 30} ${ly + 52 + i * 26})">${icon}</g><text x="${lx + 56}" y="${ly + 58 + i * 26}" font-family="${FONT}" font-size="17" fill="#333">${esc(text)}</text>`;
  b += row(0, `<circle r="8" fill="#fff" stroke="#1f4f7f" stroke-width="3"/><circle r="3" fill="#1f4f7f"/>`, t.brunnen);
  b += row(1, `<rect x="-11" y="-8" width="22" height="16" fill="#cfe6f7" stroke="#3f7fbf" stroke-width="2" stroke-dasharray="4 3"/>`, t.schutz);
  b += row(2, `<rect x="-11" y="-8" width="22" height="16" fill="#fff" stroke="#1f4f7f" stroke-width="2"/><rect x="-11" y="-8" width="22" height="5" fill="#3f7fbf"/>`, t.wasserwerk);
  b += row(3, `<ellipse rx="10" ry="7" fill="#3f7fbf"/>`, t.wasserturm);
  b += row(4, `<circle cx="-5" r="6" fill="#8fa89c"/><circle cx="6" r="6" fill="#8fa89c"/>`, t.klaeranlage);
  return svg(W, H, b, defs);
}

function groundSection(lang: Lang): string {
  const t = T[lang];
  const W = 1200;
  const H = 900;
  const defs = linear('air', [[0, '#bfe3f7'], [1, '#eef8fd']]) + linear('gwl', [[0, '#7db6e3'], [1, '#3f7fbf']]);
  let b = `<rect width="${W}" height="220" fill="url(#air)"/>`;
  b += `<rect y="200" width="${W}" height="70" fill="#6b4a2b"/>`;
  b += `<path d="M0,200 C200,190 400,210 600,198 C800,188 1000,205 1200,196 L1200,210 L0,210 z" fill="#6aa35a"/>`;
  b += `<rect y="270" width="${W}" height="420" fill="#d8c08e"/>`;
  const rnd = random(5);
  for (let i = 0; i < 420; i++) b += `<circle cx="${(rnd() * W).toFixed(0)}" cy="${(275 + rnd() * 410).toFixed(0)}" r="${(3 + rnd() * 9).toFixed(1)}" fill="${rnd() > 0.5 ? '#bca06c' : '#e6d3a6'}"/>`;
  b += `<rect y="440" width="${W}" height="250" fill="url(#gwl)" opacity="0.72"/>`;
  b += `<path d="M0,440 L${W},440" stroke="#1f4f7f" stroke-width="4" stroke-dasharray="16 10"/>`;
  b += `<rect y="690" width="${W}" height="210" fill="#8d7b73"/>`;
  for (let y = 710; y < 900; y += 28) b += waves(y, 0, W, 6, 90, '#7a6961', 3);
  for (const [x, s] of [[120, 1], [220, 1.2], [1000, 1.1], [1090, 0.9]] as const) b += roundTree(x, 200, 38 * s);
  // well: pipe with filter section in the aquifer and a pump house
  b += `<rect x="575" y="120" width="90" height="80" fill="#ffffff" stroke="#1f4f7f" stroke-width="4"/><polygon points="565,120 620,80 675,120" fill="#3f7fbf"/>`;
  b += `<rect x="604" y="200" width="32" height="440" fill="#9aa4ad" stroke="#55606a" stroke-width="3"/>`;
  for (let y = 470; y < 630; y += 16) b += `<line x1="606" y1="${y}" x2="634" y2="${y}" stroke="#2c3e50" stroke-width="3"/>`;
  for (const dx of [-1, 1]) b += arrow(`M${620 + dx * 260},560 L${620 + dx * 40},560`, '#ffffff', 7);
  b += label(240, 236, t.boden, 24, '#ffffff', 'rgba(60,40,20,0.7)');
  b += label(900, 330, t.kies, 26, '#4a3a1a');
  b += label(900, 405, t.spiegel, 24, '#1f4f7f');
  b += label(250, 600, t.grundwasserLeiter, 28, '#ffffff', 'rgba(31,79,127,0.75)');
  b += label(320, 790, t.ton, 26, '#ffffff', 'rgba(70,55,50,0.75)');
  b += label(620, 50, t.brunnenSchnitt, 26);
  return svg(W, H, b, defs);
}

function treatmentScheme(lang: Lang): string {
  const t = T[lang];
  const W = 1600;
  const H = 640;
  const colors = ['#5d7f99', '#6fa8dc', '#c9a66b', '#4d4d4d', '#8e6fd1', '#3f7fbf', '#2f9a6b'];
  let b = `<rect width="${W}" height="${H}" fill="#f4f8fb"/>`;
  b += `<text x="${W / 2}" y="80" font-family="${FONT}" font-size="40" font-weight="bold" fill="#1f3a5a" text-anchor="middle">${esc(lang === 'de' ? 'Stufen der Trinkwasseraufbereitung' : 'Stages of drinking-water treatment')}</text>`;
  const n = t.steps.length;
  const bw = 170;
  const gap = (W - 80 - n * bw) / (n - 1);
  t.steps.forEach((step, i) => {
    const x = 40 + i * (bw + gap);
    const y = 230;
    b += `<rect x="${x}" y="${y}" width="${bw}" height="170" rx="22" fill="${colors[i]}"/>`;
    b += droplet(x + bw / 2, y + 62, 0.45, 'rgba(255,255,255,0.85)');
    step.split('\n').forEach((line, j) => {
      b += `<text x="${x + bw / 2}" y="${y + 210 + j * 32}" font-family="${FONT}" font-size="26" font-weight="bold" fill="#1f3a5a" text-anchor="middle">${esc(line)}</text>`;
    });
    if (i < n - 1) b += arrow(`M${x + bw + 8},${y + 85} L${x + bw + gap - 14},${y + 85}`, '#1f3a5a', 7);
  });
  b += `<rect x="40" y="530" width="${W - 80}" height="14" rx="7" fill="#d3e3f0"/><rect x="40" y="530" width="${W - 80}" height="14" rx="7" fill="url(#prog)"/>`;
  const defs = `<linearGradient id="prog" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8d6e4a"/><stop offset="1" stop-color="#3f9fe0"/></linearGradient>`;
  return svg(W, H, b, defs);
}

function bankFiltrate(lang: Lang): string {
  const t = T[lang];
  const S = 1000;
  const defs = linear('air2', [[0, '#a5d8f5'], [1, '#e9f6fd']]);
  let b = `<rect width="${S}" height="${S}" fill="url(#air2)"/>`;
  b += `<rect y="380" width="${S}" height="620" fill="#d6bd8a"/>`;
  const rnd = random(21);
  for (let i = 0; i < 300; i++) b += `<circle cx="${(rnd() * S).toFixed(0)}" cy="${(390 + rnd() * 600).toFixed(0)}" r="${(3 + rnd() * 8).toFixed(1)}" fill="${rnd() > 0.5 ? '#bfa26c' : '#e8d6ab'}"/>`;
  b += `<path d="M0,380 L330,380 C360,470 420,520 500,530 L0,530 z" fill="#3f8fd2"/>`;
  b += waves(400, 10, 300, 8, 60, '#d8eefc');
  b += `<rect y="560" width="${S}" height="440" fill="#5d9bd3" opacity="0.55"/>`;
  b += `<path d="M0,380 L330,380" stroke="#3f8fd2" stroke-width="6"/>`;
  b += `<path d="M330,380 C360,470 420,520 500,530" fill="none" stroke="#6b4a2b" stroke-width="6"/>`;
  b += `<rect x="500" y="370" width="${S - 500}" height="14" fill="#6aa35a"/>`;
  for (const [x, s] of [[560, 1], [900, 1.2]] as const) b += roundTree(x, 370, 40 * s);
  b += `<rect x="690" y="270" width="80" height="100" fill="#ffffff" stroke="#1f4f7f" stroke-width="4"/><polygon points="680,270 730,225 780,270" fill="#3f7fbf"/>`;
  b += `<rect x="716" y="370" width="28" height="420" fill="#9aa4ad" stroke="#55606a" stroke-width="3"/>`;
  for (const y of [640, 720]) b += arrow(`M240,${y} C400,${y - 30} 560,${y - 10} 700,${y - 20}`, '#1f4f7f', 8, '16 10');
  b += label(170, 330, t.fluss2, 30, '#ffffff', 'rgba(31,79,127,0.8)');
  b += label(420, 860, t.uferfiltrat, 32, '#1f4f7f');
  b += label(730, 190, t.brunnenUfer, 28);
  return svg(S, S, b, defs);
}

/** A landscape with sky, hills and a subject drawn on top: the photo-like demo pictures. */
function scene(w: number, h: number, sky: [string, string], body: string, extraDefs = ''): string {
  return svg(w, h, `<rect width="${w}" height="${h}" fill="url(#sky)"/>${body}<rect width="${w}" height="${h}" fill="url(#vignette)"/>`,
    linear('sky', [[0, sky[0]], [1, sky[1]]]) + radial('vignette', [[0.6, 'rgba(0,0,0,0)'], [1, 'rgba(0,0,0,0.28)']], 0.5, 0.5, 0.75) + `<filter id="soft"><feGaussianBlur stdDeviation="6"/></filter>` + extraDefs);
}

function hills(w: number, h: number, y: number, color: string, seed: number, amp = 60): string {
  const rnd = random(seed);
  let d = `M0,${y}`;
  const n = 6;
  for (let i = 1; i <= n; i++) {
    const x = (w / n) * i;
    d += ` S${(x - w / n / 2).toFixed(0)},${(y - amp * rnd()).toFixed(0)} ${x.toFixed(0)},${(y - amp * 0.3 + amp * 0.6 * rnd()).toFixed(0)}`;
  }
  return `<path d="${d} L${w},${h} L0,${h} z" fill="${color}"/>`;
}

function coverWater(): string {
  const w = 1600;
  const h = 900;
  let b = `<circle cx="1250" cy="210" r="120" fill="#fff6c9" opacity="0.7" filter="url(#soft)"/>`;
  b += cloud(420, 200, 1.8, '#ffffff', 0.9) + cloud(900, 150, 1.3, '#ffffff', 0.8);
  b += hills(w, h, 560, '#7fae8f', 4, 120) + hills(w, h, 640, '#5e9474', 9, 90);
  b += `<path d="M700,900 C760,800 820,730 900,700 C980,670 1050,650 1100,640" fill="none" stroke="#6cb6ea" stroke-width="60" stroke-linecap="round"/>`;
  b += `<path d="M700,900 C760,800 820,730 900,700 C980,670 1050,650 1100,640" fill="none" stroke="#bfe3fa" stroke-width="14" stroke-linecap="round" opacity="0.7"/>`;
  b += droplet(330, 560, 3.2, 'rgba(80,170,235,0.85)');
  b += `<ellipse cx="300" cy="570" rx="30" ry="60" fill="rgba(255,255,255,0.55)" transform="rotate(20 300 570)"/>`;
  b += rain(80, 1600, 0, 420, 40, 17, 'rgba(255,255,255,0.7)');
  return scene(w, h, ['#5aa9e0', '#d8eefa'], b);
}

function rainPicture(): string {
  const w = 1600;
  const h = 900;
  let b = cloud(350, 140, 2.6, '#6f7f8f') + cloud(900, 110, 2.2, '#7b8a99') + cloud(1350, 170, 2.4, '#66768a');
  b += hills(w, h, 640, '#4f6e5c', 12, 70);
  b += `<rect y="740" width="${w}" height="160" fill="#3e4f5c"/>`;
  b += rain(0, w, 180, 760, 260, 23, 'rgba(210,230,250,0.75)');
  const rnd = random(31);
  for (let i = 0; i < 14; i++) {
    const x = 80 + rnd() * 1440;
    const y = 770 + rnd() * 110;
    b += `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${(30 + rnd() * 40).toFixed(0)}" ry="${(8 + rnd() * 6).toFixed(0)}" fill="none" stroke="rgba(220,235,250,0.6)" stroke-width="3"/>`;
  }
  return scene(w, h, ['#56646f', '#a9b8c4'], b);
}

function springPicture(): string {
  const w = 1500;
  const h = 1000;
  let b = hills(w, h, 420, '#3f6f45', 41, 80);
  for (let i = 0; i < 9; i++) b += tree(80 + i * 170, 470 + (i % 2) * 30, 2.2, i % 2 ? '#2f5f37' : '#3a7040');
  b += `<path d="M0,1000 L0,620 C300,560 600,600 780,560 C900,540 1100,600 1500,580 L1500,1000 z" fill="#5a7f49"/>`;
  b += `<ellipse cx="700" cy="600" rx="170" ry="90" fill="#8a8a86"/><ellipse cx="860" cy="640" rx="120" ry="70" fill="#9b9a94"/><ellipse cx="560" cy="660" rx="110" ry="60" fill="#7d7c77"/>`;
  b += `<path d="M760,640 C770,720 740,800 780,1000" fill="none" stroke="#bfe6ff" stroke-width="70" stroke-linecap="round"/>`;
  b += `<path d="M760,640 C770,720 740,800 780,1000" fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round" opacity="0.8"/>`;
  return scene(w, h, ['#9fd2a8', '#e7f5e3'], b);
}

function riverPicture(): string {
  const w = 1500;
  const h = 1000;
  let b = hills(w, h, 430, '#8bb28f', 51, 140) + hills(w, h, 560, '#6a9a6e', 52, 80);
  b += `<path d="M600,560 C560,650 420,720 380,1000 L1100,1000 C950,800 780,680 700,560 z" fill="#4e97cf"/>`;
  b += waves(700, 520, 780, 8, 60, '#d6ecfb') + waves(820, 480, 900, 10, 80, '#d6ecfb') + waves(930, 420, 1020, 12, 90, '#d6ecfb');
  for (let i = 0; i < 6; i++) b += roundTree(120 + i * 55, 640 + i * 30, 34, '#3f7f3a') + roundTree(1180 + i * 50, 620 + i * 35, 30, '#4d8b3f');
  return scene(w, h, ['#7cc0ec', '#f1f9fd'], b);
}

function lakePicture(): string {
  const w = 1500;
  const h = 1000;
  let b = `<polygon points="0,520 250,250 420,420 620,180 850,430 1050,230 1300,450 1500,320 1500,560 0,560" fill="#6f8199"/>`;
  b += `<polygon points="620,180 580,230 615,222 650,238" fill="#ffffff"/><polygon points="1050,230 1010,280 1050,270 1085,285" fill="#ffffff"/>`;
  b += `<rect y="560" width="${w}" height="440" fill="#3f7fae"/>`;
  b += `<g opacity="0.35" transform="translate(0 1120) scale(1 -1)"><polygon points="0,520 250,250 420,420 620,180 850,430 1050,230 1300,450 1500,320 1500,560 0,560" fill="#6f8199"/></g>`;
  for (let y = 600; y < 1000; y += 45) b += waves(y, 0, w, 4, 120, '#cfe6f7', 2);
  return scene(w, h, ['#f3b98c', '#fbe7cf'], b);
}

function damPicture(): string {
  const w = 1500;
  const h = 1000;
  let b = hills(w, h, 380, '#5f8a5e', 61, 120);
  b += `<rect y="430" width="${w}" height="200" fill="#4c8fc4"/>`;
  b += `<path d="M250,430 L1250,430 L1300,1000 L200,1000 z" fill="#b9b6ad"/>`;
  for (let y = 470; y < 1000; y += 60) b += `<line x1="${250 - (y - 430) * 0.09}" y1="${y}" x2="${1250 + (y - 430) * 0.09}" y2="${y}" stroke="#a09c92" stroke-width="4"/>`;
  b += `<rect x="240" y="410" width="1020" height="24" fill="#8d8a82"/>`;
  b += `<rect x="640" y="700" width="220" height="300" fill="#d9f0ff" opacity="0.8"/>`;
  return scene(w, h, ['#8ec8ef', '#eef7fc'], b);
}

function tapPicture(): string {
  const w = 1500;
  const h = 1000;
  let b = '';
  for (let x = 0; x < w; x += 125) for (let y = 0; y < 640; y += 125) b += `<rect x="${x + 3}" y="${y + 3}" width="119" height="119" fill="${(x / 125 + y / 125) % 2 ? '#e9eef2' : '#f5f8fa'}"/>`;
  b += `<rect y="640" width="${w}" height="360" fill="#c9d3da"/><ellipse cx="820" cy="820" rx="420" ry="120" fill="#eef3f6" stroke="#a9b4bc" stroke-width="6"/>`;
  b += `<ellipse cx="820" cy="830" rx="60" ry="18" fill="#8c979f"/>`;
  b += `<rect x="470" y="300" width="90" height="90" rx="12" fill="#c0c8cf" stroke="#7f8a93" stroke-width="5"/>`;
  b += `<path d="M515,300 L515,250 C515,210 545,190 590,190 L780,190 C840,190 860,230 860,280 L860,420" fill="none" stroke="#b6c0c8" stroke-width="56" stroke-linecap="round"/>`;
  b += `<path d="M515,300 L515,250 C515,210 545,190 590,190 L780,190 C840,190 860,230 860,280 L860,420" fill="none" stroke="#eef2f5" stroke-width="12" stroke-linecap="round" opacity="0.8"/>`;
  b += `<rect x="480" y="120" width="70" height="30" rx="10" fill="#3f7fbf"/>`;
  b += `<rect x="848" y="430" width="24" height="300" fill="#9fd3f7" opacity="0.85"/>`;
  b += droplet(860, 600, 0.6, '#4aa3e6');
  return scene(w, h, ['#dfe7ec', '#f4f7f9'], b);
}

function panPicture(): string {
  const w = 1200;
  const h = 900;
  let b = `<rect y="560" width="${w}" height="340" fill="#8fbf6a"/>`;
  b += `<ellipse cx="560" cy="600" rx="330" ry="80" fill="#7f8b93"/><rect x="230" y="540" width="660" height="60" fill="#aab6be"/><ellipse cx="560" cy="540" rx="330" ry="80" fill="#c7d2d8"/><ellipse cx="560" cy="545" rx="300" ry="65" fill="#5aa3dd"/>`;
  b += waves(545, 320, 800, 5, 70, '#d6ecfb');
  b += `<rect x="950" y="330" width="16" height="300" fill="#6d6d6d"/><circle cx="958" cy="320" r="30" fill="#d0d0d0" stroke="#555" stroke-width="4"/><line x1="958" y1="320" x2="975" y2="305" stroke="#c33" stroke-width="4"/>`;
  b += `<rect x="520" y="430" width="10" height="120" fill="#444"/><circle cx="525" cy="425" r="14" fill="#e4b53a"/>`;
  b += `<circle cx="200" cy="150" r="70" fill="#ffd54a"/>`;
  return scene(w, h, ['#8ccff5', '#eaf7fd'], b);
}

function sewagePicture(): string {
  const w = 1500;
  const h = 1000;
  let b = hills(w, h, 450, '#88b07a', 71, 60);
  b += `<rect y="520" width="${w}" height="480" fill="#9ab48a"/>`;
  for (const [cx, cy, r] of [[380, 700, 170], [820, 680, 190], [1230, 740, 150]] as const) {
    b += `<ellipse cx="${cx}" cy="${cy + 12}" rx="${r}" ry="${r * 0.45}" fill="#6f7a72"/><ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${r * 0.45}" fill="#c9cfc9"/><ellipse cx="${cx}" cy="${cy}" rx="${r - 18}" ry="${r * 0.45 - 12}" fill="#6f9c8e"/>`;
    b += `<line x1="${cx - r + 20}" y1="${cy}" x2="${cx + r - 20}" y2="${cy}" stroke="#e0e0d8" stroke-width="8"/>`;
  }
  b += `<rect x="1050" y="360" width="220" height="170" fill="#e7e2d7" stroke="#8a8478" stroke-width="4"/><polygon points="1040,360 1160,300 1280,360" fill="#b55b3a"/>`;
  return scene(w, h, ['#9fd0ef', '#eef7fc'], b);
}

function icon(kind: 'wasserwerk' | 'quelle'): string {
  const S = 400;
  let b = `<rect width="${S}" height="${S}" rx="48" fill="${kind === 'wasserwerk' ? '#e3f0fa' : '#e5f4e5'}"/>`;
  if (kind === 'wasserwerk') {
    b += `<rect x="80" y="170" width="240" height="150" fill="#ffffff" stroke="#1f4f7f" stroke-width="10"/><polygon points="60,175 200,80 340,175" fill="#3f7fbf"/>`;
    b += droplet(200, 255, 0.9, '#3f7fbf');
  } else {
    b += `<ellipse cx="200" cy="200" rx="140" ry="70" fill="#8a8a86"/><path d="M200,230 C210,280 190,320 210,380" fill="none" stroke="#5aa3dd" stroke-width="46" stroke-linecap="round"/>`;
    b += tree(90, 160, 1.1, '#3f7f3a') + tree(320, 150, 1.2, '#2f5f37');
  }
  return svg(S, S, b);
}

function logo(): string {
  const W = 640;
  const H = 160;
  let b = `<circle cx="80" cy="80" r="64" fill="#3A4195"/>`;
  b += droplet(80, 88, 0.85, '#ffffff');
  b += `<path d="M56,96 L74,112 L106,74" fill="none" stroke="#3A4195" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>`;
  b += `<text x="168" y="106" font-family="${FONT}" font-size="74" font-weight="bold" fill="#3A4195">Lernwerk</text>`;
  return svg(W, H, b);
}

/** Covers of the collection's materials: a theme colour and a motif. */
const COVERS: Record<string, { colors: [string, string]; motif: string }> = {
  'bruchrechnen': {
    colors: ['#f6b26b', '#fce5cd'],
    motif: `<circle cx="560" cy="450" r="230" fill="#ffffff"/><path d="M560,450 L560,220 A230,230 0 0 1 790,450 z" fill="#e06666"/><path d="M560,450 L790,450 A230,230 0 0 1 560,680 z" fill="#f1c232"/><path d="M560,450 L560,680 A230,230 0 0 1 330,450 z" fill="#6fa8dc"/><text x="1100" y="400" font-size="160" font-family="${FONT}" font-weight="bold" fill="#783f04" text-anchor="middle">3</text><rect x="990" y="440" width="220" height="16" fill="#783f04"/><text x="1100" y="610" font-size="160" font-family="${FONT}" font-weight="bold" fill="#783f04" text-anchor="middle">4</text>`,
  },
  'exponentielles-wachstum': {
    colors: ['#3d85c6', '#cfe2f3'],
    motif: `<path d="M200,780 L1400,780 M200,780 L200,150" stroke="#ffffff" stroke-width="10"/><path d="M200,770 C600,760 900,700 1100,520 C1230,400 1300,280 1350,170" fill="none" stroke="#ffd966" stroke-width="18" stroke-linecap="round"/>${[300, 500, 700, 900, 1100, 1300].map((x, i) => `<circle cx="${x}" cy="${770 - Math.pow(1.85, i) * 9}" r="16" fill="#ffffff"/>`).join('')}`,
  },
  'kommasetzung': {
    colors: ['#93c47d', '#d9ead3'],
    motif: `<rect x="220" y="300" width="1160" height="300" rx="40" fill="#ffffff"/><text x="800" y="490" font-size="96" font-family="${FONT}" fill="#274e13" text-anchor="middle">Ich weiß<tspan fill="#cc0000" font-weight="bold">,</tspan> dass …</text>`,
  },
  'eroerterung': {
    colors: ['#8e7cc3', '#d9d2e9'],
    motif: `<rect x="260" y="230" width="500" height="260" rx="40" fill="#ffffff"/><polygon points="360,490 330,600 450,490" fill="#ffffff"/><rect x="840" y="420" width="500" height="260" rx="40" fill="#ffe599"/><polygon points="1240,680 1270,790 1150,680" fill="#ffe599"/><text x="510" y="395" font-size="110" font-family="${FONT}" font-weight="bold" fill="#20124d" text-anchor="middle">Pro</text><text x="1090" y="585" font-size="110" font-family="${FONT}" font-weight="bold" fill="#7f6000" text-anchor="middle">Kontra</text>`,
  },
  'photosynthese': {
    colors: ['#6aa84f', '#fff2cc'],
    motif: `<circle cx="1280" cy="220" r="110" fill="#ffd966"/><path d="M500,780 C480,520 640,300 980,260 C960,560 800,760 500,780 z" fill="#38761d"/><path d="M500,780 C620,600 760,460 960,280" fill="none" stroke="#b6d7a8" stroke-width="12"/>${[0, 1, 2].map((i) => `<line x1="${1180 - i * 40}" y1="${330 + i * 30}" x2="${1010 - i * 40}" y2="${420 + i * 40}" stroke="#ffd966" stroke-width="10" stroke-linecap="round"/>`).join('')}`,
  },
  'ohmsches-gesetz': {
    colors: ['#45818e', '#d0e0e3'],
    motif: `<rect x="300" y="250" width="1000" height="420" fill="none" stroke="#ffffff" stroke-width="16"/><rect x="700" y="225" width="200" height="50" fill="#ffd966" stroke="#ffffff" stroke-width="8"/><line x1="280" y1="420" x2="320" y2="420" stroke="#ffffff" stroke-width="14"/><line x1="260" y1="470" x2="340" y2="470" stroke="#ffffff" stroke-width="14"/><rect x="260" y="430" width="80" height="30" fill="#45818e"/><circle cx="1300" cy="460" r="70" fill="#ffffff"/><text x="1300" y="490" font-size="80" font-family="${FONT}" font-weight="bold" fill="#0c343d" text-anchor="middle">A</text><text x="800" y="820" font-size="120" font-family="${FONT}" font-weight="bold" fill="#0c343d" text-anchor="middle">U = R · I</text>`,
  },
  'algorithmen': {
    colors: ['#e69138', '#fce5cd'],
    motif: `<rect x="650" y="110" width="300" height="120" rx="60" fill="#ffffff"/><polygon points="800,310 1000,420 800,530 600,420" fill="#ffd966"/><rect x="250" y="620" width="380" height="140" rx="12" fill="#ffffff"/><rect x="970" y="620" width="380" height="140" rx="12" fill="#ffffff"/>${arrowPlain('M800,230 L800,300')}${arrowPlain('M600,420 L440,420 L440,610')}${arrowPlain('M1000,420 L1160,420 L1160,610')}`,
  },
  'sql-einstieg': {
    colors: ['#674ea7', '#d9d2e9'],
    motif: `${[0, 1, 2].map((i) => `<ellipse cx="500" cy="${300 + i * 130}" rx="200" ry="60" fill="${i % 2 ? '#b4a7d6' : '#ffffff'}"/><rect x="300" y="${300 + i * 130}" width="400" height="100" fill="${i % 2 ? '#b4a7d6' : '#ffffff'}"/>`).join('')}<ellipse cx="500" cy="700" rx="200" ry="60" fill="#ffffff"/><rect x="820" y="260" width="560" height="420" rx="20" fill="#ffffff"/>${[0, 1, 2, 3, 4].map((i) => `<line x1="820" y1="${330 + i * 70}" x2="1380" y2="${330 + i * 70}" stroke="#b4a7d6" stroke-width="6"/>`).join('')}<line x1="1010" y1="260" x2="1010" y2="680" stroke="#b4a7d6" stroke-width="6"/><line x1="1200" y1="260" x2="1200" y2="680" stroke="#b4a7d6" stroke-width="6"/>`,
  },
  'buchdruck': {
    colors: ['#b45f06', '#fff2cc'],
    motif: `${'ABCDEFG'.split('').map((c, i) => `<rect x="${260 + i * 160}" y="330" width="140" height="180" rx="10" fill="#7f6000"/><text x="${330 + i * 160}" y="470" font-size="130" font-family="DejaVu Serif, serif" font-weight="bold" fill="#fff2cc" text-anchor="middle" transform="scale(-1 1) translate(${-2 * (330 + i * 160)} 0)">${c}</text>`).join('')}<rect x="220" y="560" width="1160" height="40" fill="#7f6000"/><rect x="780" y="600" width="40" height="200" fill="#7f6000"/>`,
  },
  'industrialisierung': {
    colors: ['#999999', '#e6d5c3'],
    motif: `<rect x="250" y="480" width="1100" height="320" fill="#783f04"/>${[0, 1, 2].map((i) => `<polygon points="${250 + i * 250},480 ${500 + i * 250},480 ${500 + i * 250},380" fill="#5b2f02"/>`).join('')}<rect x="1100" y="200" width="70" height="280" fill="#5b2f02"/><rect x="1220" y="260" width="60" height="220" fill="#5b2f02"/>${cloud(1180, 150, 1.1, '#d9d9d9', 0.9)}${cloud(1320, 110, 0.9, '#cccccc', 0.8)}${[0, 1, 2, 3, 4].map((i) => `<rect x="${320 + i * 200}" y="580" width="80" height="100" fill="#ffd966"/>`).join('')}`,
  },
  'passwoerter': {
    colors: ['#cc0000', '#f4cccc'],
    motif: `<path d="M640,440 L640,320 A160,160 0 0 1 960,320 L960,440" fill="none" stroke="#ffffff" stroke-width="50"/><rect x="540" y="430" width="520" height="380" rx="40" fill="#ffffff"/><circle cx="800" cy="590" r="45" fill="#cc0000"/><rect x="785" y="600" width="30" height="110" fill="#cc0000"/><text x="800" y="200" font-size="70" font-family="DejaVu Sans Mono, monospace" fill="#ffffff" text-anchor="middle">••••••••••••</text>`,
  },
  'climate-basics': {
    colors: ['#0b5394', '#cfe2f3'],
    motif: `<circle cx="700" cy="470" r="280" fill="#6fa8dc"/><path d="M560,260 C640,300 620,380 700,400 C780,420 760,520 690,560 C620,600 560,560 520,620 C470,560 460,430 500,340 z" fill="#93c47d"/><path d="M800,520 C860,500 900,560 880,640 C840,690 780,660 770,600 z" fill="#93c47d"/><rect x="1150" y="200" width="70" height="440" rx="35" fill="#ffffff"/><circle cx="1185" cy="680" r="80" fill="#ffffff"/><rect x="1170" y="330" width="30" height="330" fill="#e06666"/><circle cx="1185" cy="680" r="60" fill="#e06666"/>`,
  },
  'plattentektonik': {
    colors: ['#a61c00', '#f9cb9c'],
    motif: `<rect x="0" y="520" width="1600" height="380" fill="#7f6000"/><polygon points="0,520 760,520 720,900 0,900" fill="#b45f06"/><polygon points="840,500 1600,470 1600,900 800,900" fill="#bf9000"/><path d="M760,520 L800,900" stroke="#660000" stroke-width="14"/><polygon points="600,520 700,330 780,520" fill="#783f04"/><path d="M700,330 C690,260 730,220 700,150" fill="none" stroke="#e69138" stroke-width="20" stroke-linecap="round"/>${[0, 1, 2].map((i) => `<path d="M${860 + i * 60},380 a${60 + i * 50},${60 + i * 50} 0 0 1 0,${120 + i * 100}" fill="none" stroke="#ffffff" stroke-width="8" opacity="${0.9 - i * 0.25}"/>`).join('')}`,
  },
  'geschaeftsbrief': {
    colors: ['#134f5c', '#d0e0e3'],
    motif: `<rect x="480" y="140" width="640" height="660" fill="#ffffff"/><rect x="540" y="200" width="240" height="20" fill="#45818e"/>${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="540" y="${330 + i * 50}" width="${i % 3 === 2 ? 380 : 520}" height="14" fill="#a2c4c9"/>`).join('')}<rect x="880" y="200" width="180" height="90" fill="#d0e0e3"/>`,
  },
};

function arrowPlain(d: string): string {
  return `<path d="${d}" fill="none" stroke="#ffffff" stroke-width="12" marker-end="url(#arrow)"/>`;
}

function cover(key: string): string {
  const c = COVERS[key];
  const bg = `<rect width="1600" height="900" fill="url(#bg)"/>${[0, 1, 2, 3].map((i) => `<circle cx="${200 + i * 420}" cy="${120 + (i % 2) * 640}" r="${160 + i * 30}" fill="#ffffff" opacity="0.12"/>`).join('')}`;
  return svg(1600, 900, bg + c.motif, linear('bg', [[0, c.colors[0]], [1, c.colors[1]]], 1, 1));
}

function collectionCover(): string {
  let b = `<rect width="1600" height="900" fill="url(#bg)"/>`;
  const keys = Object.keys(COVERS);
  keys.slice(0, 12).forEach((k, i) => {
    const x = 90 + (i % 6) * 240;
    const y = 150 + Math.floor(i / 6) * 340;
    b += `<rect x="${x}" y="${y}" width="200" height="280" rx="18" fill="${COVERS[k].colors[0]}"/><rect x="${x + 20}" y="${y + 200}" width="160" height="14" rx="7" fill="#ffffff" opacity="0.8"/><rect x="${x + 20}" y="${y + 228}" width="110" height="14" rx="7" fill="#ffffff" opacity="0.6"/>`;
  });
  return svg(1600, 900, b, linear('bg', [[0, '#3A4195'], [1, '#8a93e0']], 1, 1));
}

type Format = 'jpg' | 'png' | 'webp';
type Job = { file: string; svg: string; format: Format };

export function jobs(): Job[] {
  const list: Job[] = [
    { file: 'logo.png', svg: logo(), format: 'png' },
    { file: 'wasser/cover.jpg', svg: coverWater(), format: 'jpg' },
    { file: 'wasser/regen.jpg', svg: rainPicture(), format: 'jpg' },
    { file: 'wasser/quelle.jpg', svg: springPicture(), format: 'jpg' },
    { file: 'wasser/fluss.jpg', svg: riverPicture(), format: 'jpg' },
    { file: 'wasser/see.jpg', svg: lakePicture(), format: 'jpg' },
    { file: 'wasser/talsperre.jpg', svg: damPicture(), format: 'jpg' },
    { file: 'wasser/wasserhahn.jpg', svg: tapPicture(), format: 'jpg' },
    { file: 'wasser/verdunstungskessel.jpg', svg: panPicture(), format: 'jpg' },
    { file: 'wasser/klaeranlage.webp', svg: sewagePicture(), format: 'webp' },
    { file: 'wasser/icon-wasserwerk.png', svg: icon('wasserwerk'), format: 'png' },
    { file: 'wasser/icon-quelle.png', svg: icon('quelle'), format: 'png' },
    { file: 'sammlung/cover.webp', svg: collectionCover(), format: 'webp' },
  ];
  for (const lang of ['de', 'en'] as const) {
    list.push(
      { file: `wasser/wasserkreislauf-${lang}.png`, svg: waterCycle(lang), format: 'png' },
      { file: `wasser/karte-auenbach-${lang}.png`, svg: villageMap(lang), format: 'png' },
      { file: `wasser/grundwasser-schnitt-${lang}.png`, svg: groundSection(lang), format: 'png' },
      { file: `wasser/aufbereitung-${lang}.png`, svg: treatmentScheme(lang), format: 'png' },
      { file: `wasser/uferfiltrat-${lang}.png`, svg: bankFiltrate(lang), format: 'png' },
    );
  }
  for (const key of Object.keys(COVERS)) list.push({ file: `sammlung/${key}.webp`, svg: cover(key), format: 'webp' });
  return list;
}

async function render(job: Job): Promise<void> {
  const out = path.join(ASSET_DIR, job.file);
  await mkdir(path.dirname(out), { recursive: true });
  const image = sharp(Buffer.from(job.svg));
  if (job.format === 'jpg') await image.jpeg({ quality: 78, mozjpeg: true }).toFile(out);
  else if (job.format === 'webp') await image.webp({ quality: 76 }).toFile(out);
  else await image.png({ palette: true, quality: 85, compressionLevel: 9 }).toFile(out);
}

async function totalSize(dir: string): Promise<number> {
  let sum = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    sum += entry.isDirectory() ? await totalSize(p) : (await stat(p)).size;
  }
  return sum;
}

async function main(): Promise<void> {
  const list = jobs();
  for (const job of list) {
    await render(job);
    const { size } = await stat(path.join(ASSET_DIR, job.file));
    console.log(`${job.file.padEnd(42)} ${(size / 1024).toFixed(0).padStart(5)} KiB`);
  }
  console.log(`${list.length} images, content/assets total ${((await totalSize(ASSET_DIR)) / 1024 / 1024).toFixed(2)} MiB`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
