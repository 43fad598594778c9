// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { viewerMachine } from '../../../machines/viewer';
import { ContentList } from '../../../src/elements/ContentList';
import { ViewerActorContext } from '../../../src/elements/viewerContext';
import { Material } from '../../../model/material';
import { elementsOnPage } from '../../../model/tree';
import { renderElement } from './renderElement';
import { expectVisible } from '../../support/visible';

const material = Material.parse({
  modelName: 'Material', id: 'm', publicId: 'm', title: 'M',
  content: [
    {
      modelName: 'ChoiceQuestion', id: 'q1', type: 'sc', question: '<p>Woher kommt das meiste Trinkwasser?</p>',
      choices: [{ id: 'gw', text: 'Grundwasser', correct: true }, { id: 'see', text: 'Seen', correct: false }],
    },
    { modelName: 'Barrier', id: 'b1', content: '<p>Erst die Frage.</p>' },
    { modelName: 'Heading', id: 'after', content: { html: 'Danach' }, level: 2 },
  ],
});

describe('a barrier inside the viewer', () => {
  it('names what still blocks it, enables once answered, then moves focus to what it reveals and announces it', async () => {
    const viewer = createActor(viewerMachine, { input: { material } }).start();
    viewer.send({ type: 'page.open', pageId: 'm' });
    viewer.send({ type: 'elements.reveal', elements: [...elementsOnPage(material.content)] });
    const { user } = renderElement(
      <ViewerActorContext.Provider value={viewer}>
        <ContentList elements={material.content} />
      </ViewerActorContext.Provider>,
      { lang: 'de' },
    );
    const blocking = await screen.findByTestId('barrier-blocking');
    const link = screen.getByRole('link', { name: 'Auswahlfrage: Woher kommt das meiste Trinkwasser?' });
    expect(blocking.contains(link)).toBe(true);
    expect(link.getAttribute('href')).toBe('#q1');
    expect(screen.getByRole('button', { name: 'Weiter' })).toHaveProperty('disabled', true);
    expect(screen.queryByText('Danach')).toBeNull();

    await user.click(screen.getByRole('radio', { name: /Grundwasser/ }));
    await user.click(screen.getByRole('button', { name: 'Auswerten' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Weiter' })).toHaveProperty('disabled', false));
    expect(screen.queryByTestId('barrier-blocking')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await act(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    expectVisible(screen.getByText('Danach'));
    expect(document.activeElement?.id).toBe('after');
    expect(screen.getByTestId('barrier-announcement').textContent).toBe('Neuer Inhalt freigeschaltet: Danach');
    expect(viewer.getSnapshot().context.unlockedBarrierIds).toEqual(['b1']);
  });
});

describe('a barrier in mode unlocked inside the viewer', () => {
  const gated = (unlocked?: boolean) =>
    Material.parse({
      modelName: 'Material', id: 'mu', publicId: 'mu', title: 'M',
      content: [
        material.content[0],
        { modelName: 'Barrier', id: 'bu', mode: 'unlocked', content: '<p>Die Lehrperson gibt frei.</p>', ...(unlocked === undefined ? {} : { unlocked }) },
        { modelName: 'Heading', id: 'after-u', content: { html: 'Danach' }, level: 2 },
      ],
    });
  const show = (shown: Material) => {
    const viewer = createActor(viewerMachine, { input: { material: shown } }).start();
    viewer.send({ type: 'page.open', pageId: 'mu' });
    viewer.send({ type: 'elements.reveal', elements: [...elementsOnPage(shown.content)] });
    return renderElement(
      <ViewerActorContext.Provider value={viewer}>
        <ContentList elements={shown.content} />
      </ViewerActorContext.Provider>,
      { lang: 'de' },
    );
  };

  it('stays closed while its unlocked flag is off, even with everything above answered', async () => {
    const { user } = show(gated());
    expect(screen.getByRole('button', { name: 'Weiter' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('radio', { name: /Grundwasser/ }));
    await user.click(screen.getByRole('button', { name: 'Auswerten' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole('button', { name: 'Weiter' })).toHaveProperty('disabled', true);
    expectVisible(screen.getByText('Der obenstehende Lerninhalt ist noch nicht abgeschlossen'));
    expect(screen.queryByText('Danach')).toBeNull();
  });

  it('opens with its unlocked flag on, with nothing above answered', async () => {
    const { user } = show(gated(true));
    expect(screen.getByRole('button', { name: 'Weiter' })).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expectVisible(screen.getByText('Danach'));
  });
});
