import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call, HttpError } from '../../src/api/client';
import { ERROR_TOAST_MS, loadToastQueue } from '../../src/ui/toasts';

/** A local server answering every call with the status named in the path (`/api/model/409`). */
let server: http.Server;
let base: string;
// The queue is loaded with the first toast; here up front, so each toast is there as soon as it is shown.
const toastQueue = await loadToastQueue();

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const status = Number(request.url?.split('/').pop());
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(status === 200 ? { data: [] } : { errors: [{ path: '', message: `status ${status}` }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => toastQueue.clear());

const visible = () => toastQueue.visibleToasts.map((toast) => ({ ...toast.content, timeout: toast.timeout }));

describe('model gateway failures show the toasts of spec section 8', () => {
  it('409: Conflict, for 8 s', async () => {
    await expect(call(base, 'model/409', {}, z.unknown())).rejects.toBeInstanceOf(HttpError);
    expect(visible()).toEqual([{ kind: 'error', title: 'toasts.conflictTitle', description: 'toasts.conflictMessage', timeout: ERROR_TOAST_MS }]);
  });

  it('any other failure: the generic text', async () => {
    await expect(call(base, 'model/500', {}, z.unknown())).rejects.toMatchObject({ status: 500 });
    expect(visible()).toEqual([{ kind: 'error', title: 'toasts.genericTitle', description: 'toasts.genericMessage', timeout: 8000 }]);
  });

  it('not found and no access show the error view instead; other calls and successes toast nothing', async () => {
    await expect(call(base, 'model/404', {}, z.unknown())).rejects.toMatchObject({ status: 404 });
    await expect(call(base, 'model/403', {}, z.unknown())).rejects.toMatchObject({ status: 403 });
    await expect(call(base, 'guest/500', {}, z.unknown())).rejects.toMatchObject({ status: 500 });
    await expect(call(base, 'model/200', {}, z.array(z.unknown()))).resolves.toEqual([]);
    expect(visible()).toEqual([]);
  });
});
