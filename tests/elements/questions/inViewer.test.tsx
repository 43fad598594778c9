// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Material } from '../../../model/material';
import { renderInViewer } from './renderElement';

const material = Material.parse({
  modelName: 'Material',
  id: 'm1',
  publicId: 'm1',
  title: 'Material',
  content: [
    {
      modelName: 'ChoiceQuestion', id: 'q1', type: 'sc', question: '<p>Pick one</p>',
      choices: [{ id: 'yes', text: 'Yes', correct: true }, { id: 'no', text: 'No', correct: false }],
    },
    { modelName: 'Barrier', id: 'b1', content: '<p>Stop</p>' },
  ],
});

describe('interactive elements inside the viewer', () => {
  it('use the actors the viewer spawned, and the viewer receives their changes', async () => {
    const { viewer, user } = renderInViewer({ material });
    await user.click(screen.getByRole('radio', { name: /Yes/ }));
    await user.click(screen.getByRole('button', { name: 'Evaluate' }));
    const changes = viewer.getSnapshot().context.changes;
    expect(changes).toEqual([
      { id: 'q1', field: 'selected', value: ['yes'] },
      { id: 'q1', field: 'evaluated', value: true },
      { id: 'q1', field: 'progress', value: 1 },
    ]);
    const spawned = viewer.getSnapshot().context.elementActors;
    expect(spawned.q1.getSnapshot().value).toBe('evaluated');
    expect(spawned.b1.getSnapshot().value).toBe('locked');
    expect(viewer.getSnapshot().status).toBe('active');
  });
  it('say that a question was reset because its answer key changed, until the learner answers it again', async () => {
    const { viewer, user } = renderInViewer({ material, saved: { q1: { answerKeyChanged: true } } });
    const note = 'This question has changed since you answered it. Your answer has been reset.';
    expect(screen.getByRole('status').textContent).toBe(note);
    expect(viewer.getSnapshot().context.elementActors.q1.getSnapshot().value).toBe('notEvaluated');
    await user.click(screen.getByRole('radio', { name: /No/ }));
    expect(screen.queryByText(note)).toBeNull();
  });
});
