/**
 * What a learner's browser asks the server for when it opens the course, recorded rather than
 * guessed: Chromium opens the guest share through the fleet's HAProxy, and HAProxy's access log
 * (the fleet logs every request) lists what reached the servers, in the order the answers ended.
 * Recorded twice in one browser profile:
 *
 * - `cold`: the first visit (empty HTTP cache, no service worker): the page, the material, the app's
 *   JS/CSS, the images, then the service worker (/sw.js), which fetches the rest of the app and a
 *   copy of the page and the material (If-None-Match) for offline use;
 * - `warm`: a later visit (the service worker and the HTTP cache have everything): the page, the
 *   material (304), the favicon (304), /sw.js.
 *
 * Each is split into phases the load generator replays in order: the page alone; what the page
 * loads (the learner waits for these: "open"); and what the service worker fetches, /sw.js
 * included (in the background, while the learner reads). Who asked for what is Chromium's view;
 * what reached the server (not from the HTTP cache), HAProxy's.
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import type { Fleet } from '../fleet/fleet';
import { CHROMIUM_ARGS } from './browser';

/** What a request is, for the statistics. */
export type RequestKind = 'page' | 'pageCopy' | 'material' | 'static' | 'image' | 'guest' | 'annotations' | 'answer' | 'progress';

export interface ModelRequest {
  kind: RequestKind;
  method: 'GET';
  path: string;
  /** The browser asked with If-None-Match / If-Modified-Since (and got 304). */
  conditional: boolean;
}

/** The phases of one opening: [the page], [what it loads], [the service worker's fetches]. */
export type Opening = [ModelRequest[], ModelRequest[], ModelRequest[]];

export interface OpeningModel {
  /** The share the paths name (`forShare` puts another in). */
  share: string;
  cold: Opening;
  warm: Opening;
}

const ACCESS_LINE = /\s(\d{3})\s\d+\s.*"(GET|HEAD|POST) (\S+) HTTP\/[\d.]+"/;

interface LoggedRequest {
  status: number;
  method: string;
  path: string;
}

function loggedRequests(logFile: string, from: number): LoggedRequest[] {
  const text = fs.readFileSync(logFile, 'utf8').slice(from);
  const requests: LoggedRequest[] = [];
  for (const line of text.split('\n')) {
    const match = ACCESS_LINE.exec(line);
    if (match && !match[3].startsWith('/api/ready') && !match[3].startsWith('/api/health')) requests.push({ status: Number(match[1]), method: match[2], path: match[3] });
  }
  return requests;
}

/** Resolves once no request has reached the balancer for `quietMs` (the service worker's fetches come a while after the load). */
async function quiet(logFile: string, from: number, quietMs = 2_000, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let count = -1;
  let since = Date.now();
  while (Date.now() < deadline) {
    const now = loggedRequests(logFile, from).length;
    if (now !== count) {
      count = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function kindOf(path: string, isNavigation: boolean): RequestKind {
  if (path.startsWith('/s/')) return isNavigation ? 'page' : 'pageCopy';
  if (path.startsWith('/api/material/')) return 'material';
  if (path.startsWith('/api/assets/')) return 'image';
  return 'static';
}

/**
 * The logged requests as phases: the page; those the page asked for (`byPage`: paths, once per
 * request, as Chromium saw them); the rest (the service worker's).
 */
function toOpening(requests: LoggedRequest[], navigation: string, byPage: string[]): Opening {
  const gets = requests.filter((r) => r.method === 'GET');
  // HAProxy logs a request when its answer is done: the page's line may come after the first files'.
  const first = gets.findIndex((r) => r.path === navigation);
  if (first < 0) throw new Error(`The recorded opening lacks the page ${navigation}: ${gets.map((r) => r.path).join(', ')}`);
  const pageAsked = [...byPage];
  pageAsked.splice(pageAsked.indexOf(navigation), 1);
  const loads: ModelRequest[] = [];
  const serviceWorker: ModelRequest[] = [];
  for (const r of gets.filter((_, i) => i !== first)) {
    const model: ModelRequest = { kind: kindOf(r.path, false), method: 'GET', path: r.path, conditional: r.status === 304 };
    const asked = pageAsked.indexOf(r.path);
    if (asked >= 0 && r.path !== '/sw.js') {
      pageAsked.splice(asked, 1);
      loads.push(model);
    } else serviceWorker.push(model);
  }
  return [[{ kind: 'page', method: 'GET', path: navigation, conditional: false }], loads, serviceWorker];
}

/** Opens the guest share `share` in Chromium through the fleet's balancer, twice, and answers what reached the servers. */
export async function recordOpening(fleet: Fleet, share: string): Promise<OpeningModel> {
  const logFile = fleet.balancer.logFile;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-DE', serviceWorkers: 'allow' });
    const byPage: string[] = [];
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === fleet.origin && !request.serviceWorker()) byPage.push(url.pathname + url.search);
    });
    const visit = async (): Promise<Opening> => {
      const from = fs.statSync(logFile).size;
      byPage.length = 0;
      const page = await context.newPage();
      const navigation = `/s/${share}/`;
      await page.goto(`${fleet.origin}${navigation}`, { waitUntil: 'networkidle' });
      await quiet(logFile, from);
      await page.close();
      return toOpening(loggedRequests(logFile, from), navigation, byPage);
    };
    const cold = await visit();
    const warm = await visit();
    return { share, cold, warm };
  } finally {
    await browser.close();
  }
}

/** The model with `share` in place of the recorded one (every fleet's demo share has a new id). */
export function forShare(model: OpeningModel, share: string): OpeningModel {
  const swap = (opening: Opening) => opening.map((phase) => phase.map((r) => ({ ...r, path: r.path.split(model.share).join(share) }))) as Opening;
  return { share, cold: swap(model.cold), warm: swap(model.warm) };
}

/** Every distinct path of both openings. */
export function openingPaths(model: OpeningModel): string[] {
  return [...new Set([...model.cold.flat(), ...model.warm.flat()].map((r) => r.path))];
}
