import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';

/**
 * Lets react-aria's links (a MenuItem with `href`) show the router's hrefs and navigate inside it.
 * Only the lazy components that have such links wrap themselves in it (./RoutedCrumbMenu.tsx), so
 * react-aria's link code stays out of the first route.
 */
export function AriaRouting({ children }: { children: ReactNode }) {
  const router = useRouter();
  return (
    <RouterProvider navigate={(to) => void router.navigate({ to })} useHref={(to) => router.buildLocation({ to }).href}>
      {children}
    </RouterProvider>
  );
}
