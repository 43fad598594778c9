import type { ComponentProps } from 'react';
import CrumbMenu from '../viewer/CrumbMenu';
import { AriaRouting } from './AriaRouting';

/** The menu of collapsed crumbs, whose items are react-aria links: routed by ./AriaRouting.tsx. */
export default function RoutedCrumbMenu(props: ComponentProps<typeof CrumbMenu>) {
  return (
    <AriaRouting>
      <CrumbMenu {...props} />
    </AriaRouting>
  );
}
