/** Builds the HTTP app on a test database, with a temp client dir (no build) unless one is given. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { PageData } from '../../model/pageData';
import { buildApp, type BuildAppOptions } from '../../server/app';
import type { Database } from '../../server/db/types';

export function useTestApp(getDb: () => Database, options: Partial<BuildAppOptions> = {}): { readonly app: FastifyInstance; readonly clientDir: string } {
  let app: FastifyInstance | undefined;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-client-'));
  beforeAll(async () => {
    app = await buildApp({
      db: getDb(),
      clientDir,
      contentDirs: [],
      cacheDir: path.join(clientDir, 'cache'),
      featureFlags: { FULLTEXT_SEARCH: true, ANNOTATION_COMMENTS: false, USE_GRAVATAR: false, PRIVATE_MODE: false, GENERATIVE_FEEDBACK: false, ERROR_REPORTING: false },
      ...options,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });
  return {
    get app() {
      if (!app) throw new Error('app not ready');
      return app;
    },
    clientDir,
  };
}

/** The page data embedded in an html answer, parsed with the schema the client uses. */
export function embeddedPageData(html: string): PageData {
  const match = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no page-data script in the page');
  return PageData.parse(JSON.parse(match[1]));
}
