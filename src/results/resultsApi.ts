import * as z from 'zod/mini';
import type { Results } from '../../model/results';
import type { ResultsRange } from '../../machines/results';
import { HttpError } from '../api/client';

/** How long the results calls may take before the screen reports a fault (the server answers a slow database with 503 sooner). */
const RESULTS_DEADLINE_MS = 30_000;

/** The answer's envelope; the figures themselves are the server's (model/results.ts), read as they are. */
const ServedResults = z.looseObject({
  learners: z.array(z.looseObject({ key: z.string(), name: z.string(), progress: z.number() })),
  questions: z.array(z.looseObject({ elementId: z.string(), label: z.string(), answered: z.number() })),
  stops: z.array(z.looseObject({ elementId: z.string(), learners: z.number() })),
});

/** `?from=…&to=…` with the bounds that are set (a date input's `YYYY-MM-DD`, a UTC day for the server). */
export function rangeQuery(range: ResultsRange): string {
  const query = new URLSearchParams();
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  const text = query.toString();
  return text ? `?${text}` : '';
}

const resultsUrl = (base: string, shareId: string, file: string, range: ResultsRange) => `${base}/shares/${encodeURIComponent(shareId)}/${file}${rangeQuery(range)}`;

async function fetchOk(url: string, signal: AbortSignal): Promise<Response> {
  const response = await fetch(url, { credentials: 'same-origin', signal: AbortSignal.any([signal, AbortSignal.timeout(RESULTS_DEADLINE_MS)]) });
  if (!response.ok) throw new HttpError(response.status, url, response.headers);
  return response;
}

/** GET /api/shares/{share}/results: rejects with an HttpError (403 no login, 404 unknown or not the caller's). */
export async function fetchResults(base: string, shareId: string, range: ResultsRange, signal: AbortSignal): Promise<Results> {
  const response = await fetchOk(resultsUrl(base, shareId, 'results', range), signal);
  const json = (await response.json()) as { data?: unknown } | null;
  return ServedResults.parse(json?.data) as unknown as Results;
}

/** GET …/results.csv and hands it to the browser as a download under the server's file name. */
export async function downloadResultsCsv(base: string, shareId: string, range: ResultsRange, signal: AbortSignal): Promise<void> {
  const response = await fetchOk(resultsUrl(base, shareId, 'results.csv', range), signal);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `results-${shareId}.csv`;
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file over; a moment later the address is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
