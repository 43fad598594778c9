import { randomUUID } from 'node:crypto';
import { cutText } from '../../model/clientError';
import type { Dsn } from './dsn';
import { scrub } from './scrub';
import { stackFrames } from './stackFrames';

/** An error as this product reports it, from the server or from a learner's browser. */
export interface ErrorReport {
  platform: 'node' | 'javascript';
  /** The error's name (`TypeError`) or what kind of failure it was. */
  type: string;
  message: string;
  stack?: string;
  /** Where it happened, free of ids: a route's pattern (`GET /api/material/:share/:id`) or a page's path with the share left out. */
  where?: string;
  /** The browser that reported it (its User-Agent). */
  userAgent?: string;
  /** How the browser saw it: an uncaught error, an unhandled rejection, an error the app logged. */
  kind?: string;
}

/** What every report of this process carries. */
export interface ReportOrigin {
  release: string;
  environment: string;
  serverName: string;
}

/** Longest message sent; longer ones are cut (a message may quote input). */
export const MAX_REPORTED_MESSAGE = 1000;


/**
 * The report as an event of Sentry's protocol (https://develop.sentry.dev/sdk/data-model/event-payloads/),
 * its message, place and frames scrubbed of ids and queries (./scrub.ts).
 */
export function sentryEvent(report: ErrorReport, origin: ReportOrigin, now = new Date()): Record<string, unknown> & { event_id: string } {
  const frames = stackFrames(report.stack).map((frame) => ({ ...frame, filename: scrub(frame.filename) }));
  return {
    event_id: randomUUID().replaceAll('-', ''),
    timestamp: now.getTime() / 1000,
    platform: report.platform,
    level: 'error',
    logger: report.platform === 'node' ? 'server' : 'browser',
    release: origin.release,
    environment: origin.environment,
    ...(report.platform === 'node' ? { server_name: origin.serverName } : {}),
    ...(report.where ? { transaction: scrub(report.where) } : {}),
    exception: {
      values: [
        {
          type: cutText(report.type || 'Error', 200),
          value: cutText(scrub(report.message), MAX_REPORTED_MESSAGE),
          ...(frames.length ? { stacktrace: { frames } } : {}),
          mechanism: { type: report.kind ?? (report.platform === 'node' ? 'request' : 'onerror'), handled: report.kind === 'console' },
        },
      ],
    },
    ...(report.userAgent ? { request: { headers: { 'User-Agent': cutText(report.userAgent, 500) } } } : {}),
    tags: { side: report.platform === 'node' ? 'server' : 'browser' },
  };
}

/** The event as an envelope, the body the service's envelope endpoint takes. */
export function envelope(event: { event_id: string }, dsn: Dsn, now = new Date()): string {
  const header = { event_id: event.event_id, sent_at: now.toISOString(), dsn: dsn.text };
  return `${JSON.stringify(header)}\n${JSON.stringify({ type: 'event', content_type: 'application/json' })}\n${JSON.stringify(event)}\n`;
}
