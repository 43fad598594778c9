import type { BrowserContext, Request } from '@playwright/test';

/** One `POST /api/userdata` the browser made: the event ids of its body and what became of it. */
export interface UserdataRequest {
  ids: string[];
  /** `answered`: the server acknowledged; `refused`: an HTTP error status; `failed`: no answer (offline, server down). */
  outcome: 'pending' | 'answered' | 'refused' | 'failed';
  status?: number;
  acknowledged?: string[];
  stored?: number;
  duplicates?: number;
}

/**
 * Every userdata request of a browser context (all its pages, keepalive flushes included), recorded
 * from the request bodies and the answers. `ids()` are the event ids the client generated and sent.
 */
export class UserdataTraffic {
  readonly requests: UserdataRequest[] = [];
  private readonly byRequest = new Map<Request, UserdataRequest>();
  private readonly reading: Promise<void>[] = [];

  constructor(context: BrowserContext) {
    context.on('request', (request) => {
      if (request.method() !== 'POST' || !new URL(request.url()).pathname.endsWith('/api/userdata')) return;
      const body = request.postDataJSON() as { events?: { id: string }[] } | null;
      const entry: UserdataRequest = { ids: (body?.events ?? []).map((event) => event.id), outcome: 'pending' };
      this.requests.push(entry);
      this.byRequest.set(request, entry);
    });
    context.on('requestfailed', (request) => {
      const entry = this.byRequest.get(request);
      if (entry) entry.outcome = 'failed';
    });
    context.on('response', (response) => {
      const entry = this.byRequest.get(response.request());
      if (!entry) return;
      entry.status = response.status();
      if (!response.ok()) {
        entry.outcome = 'refused';
        return;
      }
      const read = response
        .json()
        .then((answer: { data: { acknowledged: string[]; stored: number; duplicates: number } }) => {
          Object.assign(entry, { outcome: 'answered', ...answer.data });
        })
        // The page closed before the body was read: the server answered, but what it said is unknown.
        .catch(() => void (entry.outcome = 'answered'));
      this.reading.push(read);
    });
  }

  /** Waits until every answer that arrived so far has been read. */
  async settled(): Promise<void> {
    await Promise.all(this.reading);
  }

  /** Every event id sent, each once (a retry sends an id again). */
  ids(): Set<string> {
    return new Set(this.requests.flatMap((r) => r.ids));
  }

  /** Event ids the server acknowledged. */
  acknowledged(): Set<string> {
    return new Set(this.requests.flatMap((r) => r.acknowledged ?? []));
  }

  /** Sums over the requests from index `from` on (`requests.length` at some moment: what was sent after it). */
  totals(from = 0): { requests: number; sentEvents: number; distinctEvents: number; stored: number; duplicates: number; failed: number } {
    const requests = this.requests.slice(from);
    const answered = requests.filter((r) => r.outcome === 'answered');
    return {
      requests: requests.length,
      sentEvents: requests.reduce((sum, r) => sum + r.ids.length, 0),
      distinctEvents: new Set(requests.flatMap((r) => r.ids)).size,
      stored: answered.reduce((sum, r) => sum + (r.stored ?? 0), 0),
      duplicates: answered.reduce((sum, r) => sum + (r.duplicates ?? 0), 0),
      failed: requests.filter((r) => r.outcome === 'failed' || r.outcome === 'refused').length,
    };
  }
}
