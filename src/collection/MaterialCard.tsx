import { Link } from '@tanstack/react-router';
import { lazyPart } from '../ui/lazyPart';
import { useCatalogueTexts } from '../search/catalogueTexts';
import type { MaterialSnapshot } from '../../model/collectionView';
import { formatCardDate } from './cardDate';
import { assetUrl } from '../../model/assetUrl';
import type { Lang } from '../../model/pageData';
import { useAssetBase, usePageData } from '../../paint/PageDataContext';
import { DecorativeImage, ImageError } from '../../paint/ImageError';

// Only a logged-in user has favourites.
const LikeButton = lazyPart(() => import('../favorites/LikeButton').then((module) => module.default));

/** Card tag limit (spec section 9). */
export const CARD_TAG_LIMIT = 2;

export function cardTags(metadata: MaterialSnapshot['metadata']): string[] {
  return Object.values(metadata).flatMap((v) => (Array.isArray(v) ? v : [v])).filter(Boolean).slice(0, CARD_TAG_LIMIT);
}

/** A material's first tags (at most CARD_TAG_LIMIT), as its card and its full-page card show them. */
export function CardTags({ material }: { material: MaterialSnapshot }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Tags">
      {cardTags(material.metadata).map((tag) => (
        <li key={tag} className="rounded-full bg-primary-50 px-2 py-0.5 text-xs font-medium text-primary-700">
          {tag}
        </li>
      ))}
    </ul>
  );
}

/** Where a material without a cover shows one: its initial on its colour (`className` sets the size). */
export function CoverPlaceholder({ material, className }: { material: MaterialSnapshot; className: string }) {
  return (
    <div aria-hidden className={`flex h-full w-full items-center justify-center font-bold text-primary-300 ${className}`} style={material.color ? { backgroundColor: material.color } : undefined}>
      {material.title.slice(0, 1)}
    </div>
  );
}

/** A material card: cover (placeholder if none), title clamped to 4 lines, 2 tags, date, Open; a logged-in user's like button. */
export function MaterialCard({ material }: { material: MaterialSnapshot }) {
  const { t, i18n } = useCatalogueTexts();
  const base = useAssetBase();
  const { user } = usePageData();
  const titleId = `card-title-${material.id}`;
  return (
    <article aria-labelledby={titleId} className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition hover:shadow-md" data-testid="material-card">
      {user ? <LikeButton materialId={material.id} title={material.title} className="absolute top-2 end-2 z-10 bg-white/90 shadow-sm" /> : null}
      <div className="aspect-[20/13] w-full overflow-hidden bg-primary-100">
        {material.cover ? (
          <DecorativeImage
            src={assetUrl(base, material.cover, 'card')}
            className="h-full w-full object-cover transition group-hover:scale-[1.02]"
            fallback={<ImageError decorative className="h-full" />}
          />
        ) : (
          <CoverPlaceholder material={material} className="text-4xl" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <CardTags material={material} />
        <h2 id={titleId} className="line-clamp-4 text-base font-semibold text-gray-900">
          {material.title}
        </h2>
        <div className="mt-auto flex items-center justify-between pt-2">
          <time dateTime={material.created_at ?? undefined} className="text-xs text-gray-500">
            {formatCardDate(material.created_at ?? undefined, i18n.language as Lang)}
          </time>
          <Link
            to={`/${material.publicId}/`}
            className="rounded-md bg-primary-600 px-3 py-1.5 text-sm font-medium text-white after:absolute after:inset-0 hover:bg-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
            aria-describedby={titleId}
          >
            {t('collection.open')}
          </Link>
        </div>
      </div>
    </article>
  );
}
