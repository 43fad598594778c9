// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { preloadElementComponents } from '../../src/elements/registry';
import { Material } from '../../model/material';
import { renderMaterialPage } from '../support/materialPage';

beforeAll(() => preloadElementComponents());

it('the first paint the server sent is taken away when the page is drawn', async () => {
  const shell = Object.assign(document.createElement('div'), { id: 'shell', innerHTML: '<h1>Wasser</h1>' });
  document.body.append(shell);
  const material = Material.parse({
    modelName: 'Material', id: 'sh', publicId: 'sh', title: 'Wasser',
    content: [{ id: 'sh-t', modelName: 'Text', content: { html: '<p>Vom Regen zum Trinkwasser.</p>' } }],
  });
  renderMaterialPage(material);
  await waitFor(() => expect(document.getElementById('sh-t')).not.toBeNull());
  expect(document.getElementById('shell')).toBeNull();
  expect(document.querySelectorAll('h1')).toHaveLength(1);
});
