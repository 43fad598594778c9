import { useSelector } from '@xstate/react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { favoritesMachine } from '../../machines/favorites';
import { saveLike } from '../api/favorites';
import { useTranslation } from '../../i18n/react';
import { addLearnerTexts } from '../../i18n/resources/learner';
import type { PageData } from '../../model/pageData';
import { Icon } from '../../paint/Icon';
import { withTooltip } from '../ui/withTooltip';
import { viewerInspector } from '../viewer/inspection';
import { usePageData } from '../../paint/PageDataContext';

type FavoritesActor = ActorRefFrom<typeof favoritesMachine>;
let pageWide: FavoritesActor | null = null;

/** The one favourites statechart of the page (machines/favorites.ts): every like button reads and changes it. */
function favoritesOf(pageData: PageData): FavoritesActor {
  pageWide ??= createActor(
    favoritesMachine.provide({ actors: { saveLike: fromPromise(({ input }) => saveLike(pageData.api.base, pageData.share!.publicId, input)) } }),
    { input: { liked: pageData.user?.favoriteMaterialIds ?? [] }, inspect: viewerInspector },
  ).start();
  return pageWide;
}

/**
 * A material's like state for the logged-in user (spec section 3), as a toggle button: a filled heart
 * while the material is among their favourites. Only rendered where the page has a user.
 */
export default function LikeButton({ materialId, title, className = '' }: { materialId: string; title: string; className?: string }) {
  const pageData = usePageData();
  const { t, i18n } = useTranslation('learner');
  addLearnerTexts(i18n);
  const actor = favoritesOf(pageData);
  const liked = useSelector(actor, (snapshot) => snapshot.context.liked.includes(materialId));
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={t('like.label', { title })}
      {...withTooltip}
      onClick={() => actor.send({ type: 'like.toggle', materialId })}
      data-testid="like-button"
      className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-600 ${liked ? 'text-rose-600' : 'text-gray-700'} ${className}`}
    >
      <Icon name={liked ? 'heart-filled' : 'heart'} className="h-5 w-5" />
    </button>
  );
}
