import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';
import { xapiConfigFromEnv } from '../../server/xapi/config';
import { retryAfterMs } from '../../server/xapi/sender';

describe('xAPI settings', () => {
  it('are off without XAPI_ENDPOINT', () => {
    expect(xapiConfigFromEnv({})).toBeNull();
    expect(readConfig({}).xapi).toBeNull();
  });

  it('read the endpoint, credentials, origin, free-text switch and language', () => {
    expect(
      xapiConfigFromEnv({ XAPI_ENDPOINT: 'https://lrs.example/xapi/', XAPI_USERNAME: 'key', XAPI_PASSWORD: 'secret', PUBLIC_ORIGIN: 'https://lernwerk.example/', XAPI_SEND_FREE_TEXT: '1' }),
    ).toEqual({ endpoint: 'https://lrs.example/xapi/', username: 'key', password: 'secret', origin: 'https://lernwerk.example', sendFreeText: true, language: 'de', keepSentDays: null });
  });

  it('keep sent statements for good, or XAPI_KEEP_SENT_DAYS whole days', () => {
    const base = { XAPI_ENDPOINT: 'https://lrs.example/xapi/', PUBLIC_ORIGIN: 'https://lernwerk.example' };
    expect(xapiConfigFromEnv({ ...base, XAPI_KEEP_SENT_DAYS: '' })?.keepSentDays).toBeNull();
    expect(xapiConfigFromEnv({ ...base, XAPI_KEEP_SENT_DAYS: '90' })?.keepSentDays).toBe(90);
    for (const wrong of ['0', '-3', '1.5', 'forever']) expect(() => xapiConfigFromEnv({ ...base, XAPI_KEEP_SENT_DAYS: wrong }), wrong).toThrow(/^XAPI_KEEP_SENT_DAYS: /);
  });

  it('refuse an endpoint without its trailing slash, and an endpoint without PUBLIC_ORIGIN', () => {
    expect(() => xapiConfigFromEnv({ XAPI_ENDPOINT: 'https://lrs.example/xapi', PUBLIC_ORIGIN: 'https://lernwerk.example' })).toThrow(/ending in "\/"/);
    expect(() => readConfig({ XAPI_ENDPOINT: 'https://lrs.example/xapi/' })).toThrow(/^Bad environment:\n {2}PUBLIC_ORIGIN/);
    expect(() => xapiConfigFromEnv({ XAPI_ENDPOINT: 'https://lrs.example/', PUBLIC_ORIGIN: 'https://lernwerk.example', XAPI_LANGUAGE: 'de DE' })).toThrow(/XAPI_LANGUAGE/);
  });

  it('Retry-After in seconds or as an HTTP date', () => {
    expect(retryAfterMs('7')).toBe(7_000);
    expect(retryAfterMs('Sat, 28 Nov 2026 10:00:10 GMT', Date.parse('Sat, 28 Nov 2026 10:00:00 GMT'))).toBe(10_000);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });
});
