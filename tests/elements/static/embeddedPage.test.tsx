// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { I18nProvider } from '../../../i18n/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n';
import { IFrame } from '../../../model/elements';
import { EmbeddedPage } from '../../../src/viewer/EmbeddedPage';

afterEach(() => cleanup());

const resource = (url: string) => IFrame.parse({ modelName: 'IFrame', id: 'lexikon', title: 'Wikipedia: Wasserkreislauf', url });
const show = (url: string) =>
  render(
    <I18nProvider i18n={createI18n('de')}>
      <EmbeddedPage resource={resource(url)} />
    </I18nProvider>,
  ).container;

describe('EmbeddedPage', () => {
  it('has the resource title as its one h1 (axe page-has-heading-one) and frames the url', () => {
    const page = show('https://de.wikipedia.org/wiki/Wasserkreislauf');
    expect([...page.querySelectorAll('h1')].map((h) => [h.textContent, h.className])).toEqual([['Wikipedia: Wasserkreislauf', 'sr-only']]);
    expect(page.querySelector('iframe')?.getAttribute('title')).toBe('Wikipedia: Wasserkreislauf');
  });

  it('keeps the h1 when the url can not be displayed', () => {
    const page = show('javascript:alert(1)');
    expect(page.querySelector('h1')?.textContent).toBe('Wikipedia: Wasserkreislauf');
    expect(page.querySelector('iframe')).toBeNull();
    expect(page.querySelector('[role="alert"]')).not.toBeNull();
  });
});
