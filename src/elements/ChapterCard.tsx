import { Link, useLocation } from '@tanstack/react-router';
import type { Chapter } from '../model/elements';
import { NavigationCard, navigationCardClass } from '../ui/NavigationCard';
import type { ElementProps } from './registry';
import { useProgress } from './viewerContext';

/** A card linking to a nested chapter by its publicId, relative to the current page. */
export function ChapterCard({ element }: ElementProps<Chapter>) {
  const { pathname } = useLocation();
  const here = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const progress = useProgress(element);
  return (
    <Link to={`${here}${element.publicId}/`} className={navigationCardClass} data-testid="chapter-card">
      <NavigationCard
        cover={element.cover}
        title={element.title}
        description={element.description}
        duration={element.duration}
        progress={progress}
      />
    </Link>
  );
}
