// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISPLAY_COOKIE, DISPLAY_STORAGE_KEY } from '../../model/displayPreferences';

/*
 * Where the browser keeps the display preferences (src/display/preferences.ts): the cookie both the app and
 * the form of the pages drawn without it write decides, localStorage stands in where the cookie went missing,
 * and a tab follows another's change. The module keeps what it applied: each test loads it afresh.
 */

const setCookie = (value: string) => (document.cookie = `${DISPLAY_COOKIE}=${value}; path=/`);
const clearCookie = () => (document.cookie = `${DISPLAY_COOKIE}=; path=/; max-age=0`);
const load = async () => {
  vi.resetModules();
  return import('../../src/display/preferences');
};
const attributes = () => Object.fromEntries([...document.documentElement.attributes].filter((a) => a.name.startsWith('data-')).map((a) => [a.name, a.value]));

beforeEach(() => {
  clearCookie();
  localStorage.clear();
  for (const name of Object.keys(attributes())) document.documentElement.removeAttribute(name);
});
afterEach(() => vi.restoreAllMocks());

describe('display preferences in the browser', () => {
  it('takes the cookie over localStorage: a change made on a page without the app holds when the app starts', async () => {
    localStorage.setItem(DISPLAY_STORAGE_KEY, '200.more.reduce.readable');
    setCookie('125.system.system.default');
    const { syncPreferences, readPreferences } = await load();
    expect(readPreferences()).toEqual({ textSize: 125, contrast: 'system', motion: 'system', font: 'default' });
    syncPreferences();
    expect(attributes()).toEqual({ 'data-text-size': '125' });
    expect(localStorage.getItem(DISPLAY_STORAGE_KEY)).toBe('125.system.system.default');
  });

  it('brings back a cookie that went missing, and a malformed cookie counts as missing', async () => {
    localStorage.setItem(DISPLAY_STORAGE_KEY, '150.more.system.default');
    const { syncPreferences } = await load();
    syncPreferences();
    expect(document.cookie).toContain(`${DISPLAY_COOKIE}=150.more.system.default`);
    expect(attributes()).toEqual({ 'data-text-size': '150', 'data-contrast': 'more' });

    setCookie('300.more');
    syncPreferences();
    expect(document.cookie).toContain(`${DISPLAY_COOKIE}=150.more.system.default`);

    setCookie('%E0%A4%A');
    syncPreferences();
    expect(document.cookie).toContain(`${DISPLAY_COOKIE}=150.more.system.default`);
  });

  it('follows a change made in another tab, and tells the panel', async () => {
    setCookie('100.system.system.default');
    const { followOtherTabs, subscribePreferences, appliedDisplayValue } = await load();
    followOtherTabs();
    const heard = vi.fn();
    const unsubscribe = subscribePreferences(heard);
    // The other tab writes both; this one hears of localStorage.
    setCookie('175.system.reduce.default');
    localStorage.setItem(DISPLAY_STORAGE_KEY, '175.system.reduce.default');
    window.dispatchEvent(new StorageEvent('storage', { key: DISPLAY_STORAGE_KEY, newValue: '175.system.reduce.default' }));
    expect(attributes()).toEqual({ 'data-text-size': '175', 'data-motion': 'reduce' });
    expect(appliedDisplayValue()).toBe('175.system.reduce.default');
    expect(heard).toHaveBeenCalledTimes(1);

    // A change by the form of a page without the app sets no event: this tab catches up when it is shown again.
    setCookie('200.system.system.default');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(attributes()).toEqual({ 'data-text-size': '200' });
    expect(heard).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('keeps a change made here in both places', async () => {
    const { savePreferences, appliedDisplayValue } = await load();
    savePreferences({ textSize: 125, contrast: 'more', motion: 'system', font: 'readable' });
    expect(document.cookie).toContain(`${DISPLAY_COOKIE}=125.more.system.readable`);
    expect(localStorage.getItem(DISPLAY_STORAGE_KEY)).toBe('125.more.system.readable');
    expect(appliedDisplayValue()).toBe('125.more.system.readable');
  });
});
