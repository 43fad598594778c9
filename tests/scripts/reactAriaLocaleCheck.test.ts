import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reactAriaCheapLocaleCheck } from '../../vite.config';

const plugin = reactAriaCheapLocaleCheck();
const run = (code: string, id: string) => {
  const warnings: string[] = [];
  const context = { warn: (message: string) => void warnings.push(message) };
  const result = (plugin.transform as unknown as (this: typeof context, code: string, id: string) => { code: string } | null).call(context, code, id);
  return { result, warnings };
};

/** The module of the installed react-aria that the build rewrites. */
const moduleFile = path.join(path.dirname(createRequire(import.meta.url).resolve('react-aria/package.json')), 'dist/private/i18n/useDefaultLocale.mjs');

describe('vite build checks the browser locale without building ICU’s locale list (vite.config.ts)', () => {
  it('rewrites the installed react-aria: no supportedLocalesOf left, the Intl.Locale check in its place', () => {
    const { result, warnings } = run(readFileSync(moduleFile, 'utf8'), moduleFile);
    expect(warnings).toEqual([]);
    expect(result?.code).not.toContain('supportedLocalesOf');
    expect(result?.code).toContain('new Intl.Locale(locale)');
  });

  it('the replacement refuses a malformed tag like the original, and accepts a valid one', () => {
    expect(() => Intl.DateTimeFormat.supportedLocalesOf(['de_CH!'])).toThrow(RangeError);
    expect(() => new Intl.Locale('de_CH!')).toThrow(RangeError);
    expect(() => new Intl.Locale('de-CH')).not.toThrow();
  });

  it('leaves other modules alone, and warns when react-aria no longer has that check', () => {
    expect(run('Intl.DateTimeFormat.supportedLocalesOf([locale])', '/x/node_modules/other/index.mjs').result).toBeNull();
    const changed = run('export const x = 1;', '/x/node_modules/react-aria/dist/private/i18n/useDefaultLocale.mjs');
    expect(changed.result).toBeNull();
    expect(changed.warnings).toHaveLength(1);
  });
});
