// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPart } from '../../src/ui/lazyPart';
import { expectVisible } from '../support/visible';

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
    expectVisible(screen.getByText('… Ada'));
    await settle();
    expectVisible(screen.getByText('Hallo Ada'));
    render(<Part name="Bob" />);
    expectVisible(screen.getByText('Hallo Bob'));
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

describe('a lazily loaded part whose code arrives between its render and its commit', () => {
  it('renders again with it (no act: effects run in a task of their own, after the code has arrived)', async () => {
    const { createRoot } = await import('react-dom/client');
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    try {
      const Part = lazyPart(() => Promise.resolve(Greeting));
      root.render(<Part name="Ada" />);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(host.textContent).toBe('Hallo Ada');
    } finally {
      root.unmount();
      host.remove();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });
});
