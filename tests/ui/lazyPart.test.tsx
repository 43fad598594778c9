// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPart } from '../../src/ui/lazyPart';

afterEach(() => cleanup());

const Greeting = ({ name }: { name: string }) => <p>Hallo {name}</p>;
const settle = () => act(async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
});

describe('a lazily loaded part of the page', () => {
  it('shows its fallback until its code is there, then itself; a second mount shows it at once', async () => {
    let loads = 0;
    const Part = lazyPart(async () => {
      loads += 1;
      return Greeting;
    }, ({ name }) => <p>… {name}</p>);
    render(<Part name="Ada" />);
    expect(screen.getByText('… Ada')).toBeTruthy();
    await settle();
    expect(screen.getByText('Hallo Ada')).toBeTruthy();
    render(<Part name="Bob" />);
    expect(screen.getByText('Hallo Bob')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('code that fails to load leaves the page standing, and is tried again once the browser is online', async () => {
    let failing = true;
    let loads = 0;
    const Part = lazyPart(async () => {
      loads += 1;
      if (failing) throw new TypeError('Failed to fetch dynamically imported module');
      return Greeting;
    });
    const { container } = render(
      <div>
        <h1>Kurs</h1>
        <Part name="Ada" />
      </div>,
    );
    await settle();
    expect(container.textContent).toBe('Kurs');
    expect(loads).toBe(1);
    failing = false;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await settle();
    expect(container.textContent).toBe('KursHallo Ada');
    expect(loads).toBe(2);
  });
});
