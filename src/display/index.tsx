import { lazyPart } from '../ui/lazyPart';

/**
 * The header's Display button, a chunk of its own (the first route has no room for it): until its code
 * is there, an empty space of its size keeps the header's items where they will stay.
 */
export const DisplayButton = lazyPart(
  () => import('./DisplayButton').then((module) => module.default),
  () => <span className="size-9 shrink-0" />,
);
