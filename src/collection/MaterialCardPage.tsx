import { Link } from '@tanstack/react-router';
import { formatCardDate } from './cardDate';
import { assetUrl } from '../../model/assetUrl';
import type { MaterialSnapshot } from '../../model/collectionView';
import type { Lang } from '../../model/pageData';
import { useCatalogueTexts } from '../search/catalogueTexts';
import { Icon } from '../../paint/Icon';
import { DecorativeImage, ImageError } from '../../paint/ImageError';
import { SafeHtml } from '../../paint/SafeHtml';
import { useAssetBase } from '../../paint/PageDataContext';
import { CardTags, CoverPlaceholder } from './MaterialCard';

/**
 * The full-page variant of the material card (spec section 2): cover, tags, title, date, description and
 * Open, with a close button that returns to `closeTo`, `/material` unless told (the material search page).
 */
export function MaterialCardPage({ material, closeTo = '/material' }: { material: MaterialSnapshot; closeTo?: string }) {
  const { t, i18n } = useCatalogueTexts();
  const base = useAssetBase();
  const titleId = `card-page-title-${material.id}`;
  return (
    <main className="mx-auto max-w-3xl px-4 py-6" data-testid="material-card-page">
      <article aria-labelledby={titleId} className="relative overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
        <Link
          to={closeTo}
          aria-label={t('collection.close')}
          className="absolute top-3 end-3 z-10 flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-gray-700 shadow-sm hover:bg-white focus-visible:outline-2 focus-visible:outline-primary-600"
          data-testid="material-card-close"
        >
          <Icon name="close" className="h-5 w-5" />
        </Link>
        <div className="aspect-[20/13] w-full overflow-hidden bg-primary-100">
          {material.cover ? (
            <DecorativeImage src={assetUrl(base, material.cover, 'img-1400')} className="h-full w-full object-cover" fallback={<ImageError decorative className="h-full" />} />
          ) : (
            <CoverPlaceholder material={material} className="text-6xl" />
          )}
        </div>
        <div className="flex flex-col gap-3 p-6">
          <CardTags material={material} />
          <h1 id={titleId} className="text-3xl font-bold tracking-tight text-gray-900">
            {material.title}
          </h1>
          <time dateTime={material.created_at} className="text-sm text-gray-500">
            {formatCardDate(material.created_at, i18n.language as Lang)}
          </time>
          {material.description ? <SafeHtml html={material.description} className="text-gray-700" /> : null}
          <div className="pt-2">
            <Link
              to={`/${material.publicId}/`}
              className="inline-block rounded-md bg-primary-600 px-4 py-2 text-sm font-medium text-white hover:bg-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
              aria-describedby={titleId}
            >
              {t('collection.open')}
            </Link>
          </div>
        </div>
      </article>
    </main>
  );
}
