import { describe, expect, it, vi } from 'vitest';
import { I18n, type TextBundle } from '../../i18n/core';
import { createI18n } from '../../i18n';

function instance(lng = 'en') {
  return new I18n({
    lng,
    fallbackLng: 'de',
    defaultNS: 'viewer',
    resources: {
      de: { viewer: { a: 'A-de {{x}}', onlyDe: 'nur Deutsch', nested: { b: 'B-de' }, p_one: '{{count}} Änderung', p_other: '{{count}} Änderungen' } },
      en: { viewer: { a: 'A-en {{x}}', nested: { b: 'B-en' }, p_one: '{{count}} change', p_other: '{{count}} changes', empty: '' }, other: { c: 'C {{ y }}' } },
    },
  });
}

describe('the translation core (what the viewer used of i18next)', () => {
  it('reads nested keys of the default namespace and of a named one', () => {
    const i18n = instance();
    expect(i18n.t('nested.b')).toBe('B-en');
    expect(i18n.t('other:c', { y: 1 })).toBe('C 1');
    expect(i18n.getFixedT('other')('c', { y: 2 })).toBe('C 2');
    expect(i18n.getFixedT('other')('viewer:nested.b')).toBe('B-en');
  });

  it('interpolates {{name}}; a missing or null value becomes empty, without options the text stays as it is', () => {
    const i18n = instance();
    expect(i18n.t('a', { x: 'eins' })).toBe('A-en eins');
    expect(i18n.t('a', { x: 0 })).toBe('A-en 0');
    expect(i18n.t('a', {})).toBe('A-en ');
    expect(i18n.t('a', { x: null })).toBe('A-en ');
    expect(i18n.t('a')).toBe('A-en {{x}}');
    expect(i18n.t('a', { x: '<b>' })).toBe('A-en <b>');
  });

  it('picks _one/_other by Intl.PluralRules of the language', () => {
    const i18n = instance();
    expect(i18n.t('p', { count: 1 })).toBe('1 change');
    expect(i18n.t('p', { count: 0 })).toBe('0 changes');
    expect(i18n.t('p', { count: 5 })).toBe('5 changes');
    const de = instance('de');
    expect(de.t('p', { count: 1 })).toBe('1 Änderung');
    expect(de.t('p', { count: 2 })).toBe('2 Änderungen');
  });

  it('falls back to German; a key missing everywhere shows defaultValue, else the key without its namespace', () => {
    const i18n = instance();
    expect(i18n.t('onlyDe')).toBe('nur Deutsch');
    expect(i18n.t('empty')).toBe('');
    expect(i18n.t('missing.key')).toBe('missing.key');
    expect(i18n.t('questions:evaluate')).toBe('evaluate');
    expect(i18n.t('missing', { defaultValue: 'Standard {{x}}', x: 3 })).toBe('Standard 3');
    expect(i18n.t('nested')).toBe('nested');
  });

  it('changes the language and tells its subscribers', async () => {
    const i18n = instance();
    const listener = vi.fn();
    const unsubscribe = i18n.subscribe(listener);
    await i18n.changeLanguage('de');
    expect(i18n.language).toBe('de');
    expect(i18n.t('nested.b')).toBe('B-de');
    await i18n.changeLanguage('de');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    await i18n.changeLanguage('en');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('adds bundles on top, or merged deeply without overwriting', () => {
    const i18n = instance();
    expect(i18n.hasResourceBundle('en', 'inspect')).toBe(false);
    i18n.addResourceBundle('en', 'inspect', { title: 'Live actors' });
    expect(i18n.hasResourceBundle('en', 'inspect')).toBe(true);
    expect(i18n.t('inspect:title')).toBe('Live actors');
    i18n.addResourceBundle('en', 'viewer', { nested: { b: 'changed', c: 'new' } } as TextBundle, true, false);
    expect(i18n.t('nested.b')).toBe('B-en');
    expect(i18n.t('nested.c')).toBe('new');
    i18n.addResourceBundle('en', 'viewer', { nested: { b: 'changed' } } as TextBundle, true, true);
    expect(i18n.t('nested.b')).toBe('changed');
  });

  it('loads a lazy namespace once, in every language; a failed read leaves the keys showing instead of waiting again', async () => {
    const reads: string[] = [];
    let fail = false;
    const make = () =>
      new I18n({
        lng: 'en',
        fallbackLng: 'de',
        defaultNS: 'viewer',
        resources: {},
        lazy: {
          has: (namespace) => namespace === 'questions',
          languages: ['de', 'en'],
          read: (language, namespace, callback) => {
            reads.push(`${language}:${namespace}`);
            setTimeout(() => (fail ? callback(new Error('offline'), null) : callback(null, { evaluate: language === 'de' ? 'Auswerten' : 'Evaluate' })), 0);
          },
        },
      });
    const i18n = make();
    expect(i18n.loadNamespace('viewer')).toBeUndefined();
    const loading = i18n.loadNamespace('questions');
    expect(i18n.loadNamespace('questions')).toBe(loading);
    await loading;
    expect(reads).toEqual(['de:questions', 'en:questions']);
    expect(i18n.t('questions:evaluate')).toBe('Evaluate');
    expect(i18n.loadNamespace('questions')).toBeUndefined();

    fail = true;
    const offline = make();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await offline.loadNamespace('questions');
    expect(offline.loadNamespace('questions')).toBeUndefined();
    expect(offline.t('questions:evaluate')).toBe('evaluate');
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('a language without texts yet: the fallback shows until they arrive, then everything renders again; a change waits for them', async () => {
    let arrive!: (texts: Record<string, TextBundle>) => void;
    const loads: string[] = [];
    const i18n = new I18n({
      lng: 'en',
      fallbackLng: 'de',
      defaultNS: 'viewer',
      resources: { de: { viewer: { back: 'Zurück' } } },
      loadLanguage: (language) => {
        loads.push(language);
        return new Promise((resolve) => (arrive = resolve));
      },
    });
    const listener = vi.fn();
    i18n.subscribe(listener);
    expect(i18n.t('back')).toBe('Zurück');
    const revision = i18n.revision;
    arrive({ viewer: { back: 'Back' } });
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1));
    expect(i18n.revision).toBeGreaterThan(revision);
    expect(i18n.t('back')).toBe('Back');
    expect(loads).toEqual(['en']);

    await i18n.changeLanguage('de');
    await i18n.changeLanguage('en');
    expect(loads).toEqual(['en']);
    expect(i18n.t('back')).toBe('Back');
  });

  it('the app instance: German by default, the viewer namespace by default', () => {
    const i18n = createI18n();
    expect(i18n.language).toBe('de');
    expect(i18n.t('nav.back')).toBe('Zurück');
    expect(i18n.t('elements:imageError')).toBe('Das Bild konnte nicht geladen werden');
  });
});
