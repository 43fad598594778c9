// @vitest-environment jsdom
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import RoutedCrumbMenu from '../../src/ui/RoutedCrumbMenu';

describe('the menu of collapsed crumbs', () => {
  it('its items are the router’s links (basepath included) and navigate inside it', async () => {
    const rootRoute = createRootRoute({
      component: () => <RoutedCrumbMenu label="Weitere Ebenen" crumbs={[{ label: 'Kapitel 1', to: '/kapitel-1/' }, { label: 'Kapitel 2', to: '/kapitel-1/kapitel-2/' }]} />,
    });
    const routes = [createRoute({ getParentRoute: () => rootRoute, path: '/' }), createRoute({ getParentRoute: () => rootRoute, path: '$' })];
    const router = createRouter({
      routeTree: rootRoute.addChildren(routes),
      basepath: '/s/share',
      trailingSlash: 'always',
      history: createMemoryHistory({ initialEntries: ['/s/share/'] }),
    });
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Weitere Ebenen' }));
    const item = await screen.findByRole('menuitem', { name: 'Kapitel 2' });
    expect(item.getAttribute('href')).toBe('/s/share/kapitel-1/kapitel-2/');
    await user.click(item);
    // The router's pathname is below its basepath.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/kapitel-1/kapitel-2/'));
  });
});
