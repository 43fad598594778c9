import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';
import { useTestDatabase } from './databases';

/** Log lines the app writes (pino's JSON lines: level 20 debug, 30 info, 40 warn, 50 error). */
function captured() {
  const lines: { level: number; msg: string; statusCode?: number; url?: string }[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } };
}

describe('request logging', () => {
  const t = useTestDatabase('pglite');
  const info = captured();
  const a = useTestApp(() => t.db, { logger: { level: 'info', stream: info.stream } });
  const debug = captured();
  const d = useTestApp(() => t.db, { logger: { level: 'debug', stream: debug.stream } });

  it('logs nothing for requests that succeed at info level, a warning for a refused one', async () => {
    info.lines.length = 0; // start-up notes (a test client dir has no assets/)
    expect((await a.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect(info.lines, JSON.stringify(info.lines)).toEqual([]);
    const bad = await a.app.inject({ method: 'POST', url: '/api/userdata', payload: { events: [] } });
    expect(bad.statusCode).toBe(400);
    expect(info.lines).toHaveLength(1);
    expect(info.lines[0]).toMatchObject({ level: 40, msg: 'request refused', statusCode: 400, url: '/api/userdata' });
  });

  it('logs every request at debug level', async () => {
    debug.lines.length = 0;
    await d.app.inject({ url: '/api/health' });
    expect(debug.lines.filter((l) => l.msg === 'request')).toEqual([expect.objectContaining({ level: 20, statusCode: 200, url: '/api/health' })]);
  });
});
