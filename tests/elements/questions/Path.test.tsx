// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { pathMachine } from '../../../src/kinds/path/path.machine';
import { PathView } from '../../../src/kinds/path/Path';
import { Path } from '../../../model/elements';
import { modes, renderElement } from './renderElement';
import { expectVisible } from '../../support/visible';

const element = Path.parse({
  id: 'path-1',
  modelName: 'Path',
  title: 'Your way through botany',
  content: [
    { id: 's1', modelName: 'Chapter', publicId: 'leaves', title: 'Leaves', pathTitle: 'Start with leaves', duration: '10 min', pathEvaluationType: 'selfCompletion', content: [] },
    { id: 's2', modelName: 'IFrame', title: 'Herbarium', url: 'https://example.org', pathDuration: '5 min', pathEvaluationType: 'openedCompletion', pathDescription: '<p>Browse the herbarium.</p>' },
    { id: 's3', modelName: 'Chapter', publicId: 'roots', title: 'Roots', content: [] },
  ],
});

const texts = {
  en: { complete: 'Complete', completed: 'Completed', step: (n: number) => `Step ${n} of 3`, progress: (p: number) => `${p} % complete` },
  de: { complete: 'Abschließen', completed: 'Abgeschlossen', step: (n: number) => `Schritt ${n} von 3`, progress: (p: number) => `${p} % abgeschlossen` },
};

describe.each(modes)('path ($name)', ({ lang, strict }) => {
  const text = texts[lang];

  it('lists the steps with path fields, links, progress rings and the active step', async () => {
    const actor = createActor(pathMachine, { input: { element } }).start();
    const { user } = renderElement(<PathView element={element} actor={actor} />, { lang, strict });
    const nav = screen.getByRole('navigation', { name: 'Your way through botany' });
    const items = within(nav).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]).getByRole('link', { name: 'Start with leaves' }).getAttribute('href')).toBe('leaves/');
    expect(within(items[1]).getByRole('link', { name: 'Herbarium' }).getAttribute('href')).toBe('iframe/s2');
    expectVisible(within(items[1]).getByText('Browse the herbarium.'));
    expectVisible(within(items[0]).getByText(text.step(1), { exact: false }));
    expect(items[0].getAttribute('aria-current')).toBe('step');
    expect(within(items[0]).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');

    // self completion toggles between Complete and Completed; the active step moves on
    await user.click(within(items[0]).getByRole('button', { name: text.complete }));
    expect(within(items[0]).getByRole('button', { name: text.completed }).getAttribute('aria-pressed')).toBe('true');
    expect(within(items[0]).getByRole('progressbar', { name: text.progress(100) }).getAttribute('data-complete')).toBe('true');
    expect(items[0].querySelector('[data-check]')).toBeTruthy();
    expect(items[1].getAttribute('aria-current')).toBe('step');

    // opening an openedCompletion step completes it
    const link = within(items[1]).getByRole('link', { name: 'Herbarium' });
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(within(items[1]).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(items[2].getAttribute('aria-current')).toBe('step');

    // derived progress arrives from the viewer
    act(() => actor.send({ type: 'progress.update', progress: { s3: 0.5 } }));
    expectVisible(within(items[2]).getByRole('progressbar', { name: text.progress(50) }));
    expect(within(items[2]).queryByRole('button')).toBeNull();

    await user.click(within(items[0]).getByRole('button', { name: text.completed }));
    expect(items[0].getAttribute('aria-current')).toBe('step');
  });
});
