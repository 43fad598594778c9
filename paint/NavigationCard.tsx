import { useTranslation } from '../i18n/react';
import { assetUrl } from '../model/assetUrl';
import type { Asset } from '../model/common';
import { useAssetBase } from './PageDataContext';
import { ProgressRing } from './ProgressRing';
import { DecorativeImage } from './ImageError';
import { SafeHtml } from './SafeHtml';

/** Classes of the link that wraps a NavigationCard (a router Link or a plain anchor). */
export const navigationCardClass =
  'group my-4 flex overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition hover:border-primary-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600';

type NavigationCardProps = {
  cover?: Asset;
  title: string;
  /** Html from content. */
  description?: string;
  /** Already formatted for the learner. */
  duration?: string;
  /** The page's progress 0..1, shown as a ring (spec section 4). */
  progress: number;
};

/** The inside of a card that leads to a page of the material: a chapter or an external resource. */
export function NavigationCard({ cover, title, description, duration, progress }: NavigationCardProps) {
  const base = useAssetBase();
  const { t } = useTranslation('viewer');
  const strip = <span aria-hidden className="hidden w-3 shrink-0 bg-primary-600 sm:block" />;
  return (
    <>
      {cover ? <DecorativeImage src={assetUrl(base, cover, 'card-300')} className="hidden w-40 shrink-0 object-cover sm:block" fallback={strip} /> : strip}
      <span className="flex min-w-0 flex-1 flex-col gap-1 p-4">
        <span className="text-lg font-semibold text-gray-900 group-hover:text-primary-700">{title}</span>
        {description ? <SafeHtml as="span" html={description} className="line-clamp-3 text-sm text-gray-600" /> : null}
        {duration ? <span className="text-xs text-gray-500">{duration}</span> : null}
      </span>
      <span className="flex items-center gap-3 pe-4">
        <ProgressRing progress={progress} size={40} label={t('progress', { percent: Math.round(progress * 100) })} />
        <span aria-hidden className="text-2xl text-gray-400 group-hover:text-primary-600">›</span>
      </span>
    </>
  );
}
