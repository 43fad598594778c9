import { HttpError } from '../api/client';
import { CLIENT_ERROR_LIMITS, cutText, type ClientErrorReport } from '../../model/clientError';

/** Reports one page sends at most; the same error (type and message) is sent once. */
export const MAX_REPORTS_PER_PAGE = 10;

type Kind = ClientErrorReport['kind'];

/**
 * Reports the page's errors to the server (`POST {apiBase}/client-errors`), which scrubs them of ids
 * and passes them on to the error-reporting service (spec section 7; loaded by src/main.tsx only when
 * the page data says one is configured): uncaught errors, unhandled rejections and errors the app logs
 * with console.error (React logs there what an error boundary caught), with the text logged beside
 * them. Only the page's path goes along, never its query. Answers a function that stops reporting.
 */
export function reportErrors(target: Window & typeof globalThis, apiBase: string): () => void {
  const sent = new Set<string>();
  const report = (kind: Kind, error: unknown, fallbackMessage = '', context = '') => {
    // An answer of the server is no fault of the page: a 4xx is the product working (a share gone, a login
    // needed), and the server reports its own 5xx.
    if (error instanceof HttpError) return;
    const isError = error instanceof Error;
    const type = (isError && error.name) || 'Error';
    const own = isError ? error.message : typeof error === 'string' ? error : fallbackMessage;
    const message = [context, own].filter(Boolean).join(': ') || type;
    const key = `${type}\n${message}`;
    if ((!isError && !own) || sent.has(key) || sent.size >= MAX_REPORTS_PER_PAGE) return;
    sent.add(key);
    const body: ClientErrorReport = {
      kind,
      type: cutText(type, CLIENT_ERROR_LIMITS.type),
      message: cutText(message, CLIENT_ERROR_LIMITS.message),
      ...(isError && typeof error.stack === 'string' ? { stack: cutText(error.stack, CLIENT_ERROR_LIMITS.stack) } : {}),
      page: cutText(target.location.pathname, CLIENT_ERROR_LIMITS.page),
    };
    // keepalive: a report made while the page is being left still goes out. A report that fails is not retried.
    void target
      .fetch(`${apiBase}/client-errors`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), keepalive: true })
      .catch(() => undefined);
  };

  // "Script error." without an error object: a script of another origin, of which the browser tells nothing.
  const onError = (event: ErrorEvent) => report('error', event.error, event.error == null ? '' : event.message);
  const onRejection = (event: PromiseRejectionEvent) => report('rejection', event.reason);
  const consoleError = target.console.error;
  target.console.error = (...args: unknown[]) => {
    consoleError.apply(target.console, args);
    const error = args.find((arg) => arg instanceof Error);
    const context = args.filter((arg): arg is string => typeof arg === 'string').join(' ');
    if (error) report('console', error, '', context);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
    target.console.error = consoleError;
  };
}
