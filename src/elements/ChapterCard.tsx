import { Link, useLocation } from '@tanstack/react-router';
import { assetUrl } from '../model/assetUrl';
import type { Chapter } from '../model/elements';
import { SafeHtml } from '../ui/SafeHtml';
import { useAssetBase } from '../viewer/PageDataContext';
import { ProgressRing } from '../ui/ProgressRing';
import type { ElementProps } from './registry';
import { useProgress } from './viewerContext';
import { useTranslation } from 'react-i18next';

/** A card linking to a nested chapter by its publicId, relative to the current page. */
export function ChapterCard({ element }: ElementProps<Chapter>) {
  const { pathname } = useLocation();
  const base = useAssetBase();
  const here = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const progress = useProgress(element);
  const { t } = useTranslation('viewer');
  return (
    <Link
      to={`${here}${element.publicId}/`}
      className="group flex overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition hover:border-primary-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
      data-testid="chapter-card"
    >
      {element.cover ? (
        <img src={assetUrl(base, element.cover, 'card-300')} alt="" loading="lazy" className="hidden w-40 shrink-0 object-cover sm:block" />
      ) : (
        <div aria-hidden className="hidden w-3 shrink-0 bg-primary-600 sm:block" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-4">
        <span className="text-lg font-semibold text-gray-900 group-hover:text-primary-700">{element.title}</span>
        {element.description ? <SafeHtml html={element.description} className="line-clamp-3 text-sm text-gray-600" /> : null}
        {element.duration ? <span className="text-xs text-gray-500">{element.duration}</span> : null}
      </div>
      <span className="flex items-center gap-3 pr-4">
        <ProgressRing progress={progress} size={40} label={t('progress', { percent: Math.round(progress * 100) })} />
        <span aria-hidden className="text-2xl text-gray-400 group-hover:text-primary-600">›</span>
      </span>
    </Link>
  );
}
