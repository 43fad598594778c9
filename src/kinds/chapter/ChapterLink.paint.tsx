import type { MouseEventHandler } from 'react';
import type { Chapter } from '../../../model/elements';
import { chapterHref } from '../../../paint/chapterHref';
import { NavigationCard, navigationCardClass } from '../../../paint/NavigationCard';

type ChapterLinkProps = {
  element: Chapter;
  /** The address of the page the card is on (the link is relative to it); the server's first paint leaves it out. */
  pathname?: string;
  /** The chapter's progress 0..1 (the server's first paint knows none). */
  progress?: number;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  'data-testid'?: string;
};

/** A chapter's card: a link to its page (paint/chapterHref.ts), with its cover, title, description, duration and progress. */
export function ChapterLink({ element, pathname, progress = 0, onClick, 'data-testid': testId }: ChapterLinkProps) {
  return (
    <a href={chapterHref(element.publicId, pathname)} onClick={onClick} className={navigationCardClass} data-testid={testId}>
      <NavigationCard cover={element.cover} title={element.title} description={element.description} duration={element.duration} progress={progress} />
    </a>
  );
}
