import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import type { Chapter } from '../../../model/elements';
import { ChapterLink } from './ChapterLink.paint';
import type { ElementProps } from '../../../paint/elementProps';
import { useProgress } from '../../elements/viewerContext';

const opensElsewhere = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * A card linking to a nested chapter by its publicId, relative to the current page (paint/chapterHref.ts).
 * A plain click goes there inside the router; a click that opens a tab or window follows the href.
 */
export function ChapterCard({ element }: ElementProps<Chapter>) {
  const router = useRouter();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const here = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const progress = useProgress(element);
  const open = (event: MouseEvent) => {
    if (event.defaultPrevented || opensElsewhere(event)) return;
    event.preventDefault();
    void navigate({ to: `${here}${element.publicId}/` });
  };
  return <ChapterLink element={element} pathname={router.history.location.pathname} progress={progress} onClick={open} data-testid="chapter-card" />;
}
