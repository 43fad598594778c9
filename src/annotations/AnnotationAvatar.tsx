import { useContext } from 'react';
import { avatarInitials } from '../auth/avatarInitials';
import type { AnnotationOwner } from '../../model/annotation';
import { PageDataContext } from '../../paint/PageDataContext';

/** The avatar service (spec section 7), called with the hash of the user's address. */
export const AVATAR_SERVICE_BASE = 'https://www.gravatar.com/avatar/';

/**
 * The picture of `hash` at the avatar service, twice `size` for sharp pixels; `d=404` answers 404 for
 * an address without a picture, so the initials stay.
 */
export function avatarServiceUrl(hash: string, size: number): string {
  return `${AVATAR_SERVICE_BASE}${hash}?s=${size * 2}&d=404`;
}

/**
 * The author's avatar on annotation cards and comments: the initials (spec section 5), covered by the
 * author's picture from the avatar service when USE_GRAVATAR is on, never with PRIVATE_MODE (spec
 * section 6), and only for a user whose hash the server sent (guests have no address). A picture that
 * fails to load leaves the initials. Decorative (the name is written beside it).
 */
export function AnnotationAvatar({ owner, size = 40 }: { owner: AnnotationOwner; size?: 40 | 48 }) {
  const flags = useContext(PageDataContext)?.featureFlags;
  const hash = flags?.USE_GRAVATAR === true && flags.PRIVATE_MODE !== true ? owner.avatarHash : undefined;
  return (
    <span
      aria-hidden
      data-testid="annotation-avatar"
      className={`relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full font-semibold ${
        owner.kind === 'guest' ? 'bg-gray-200 text-gray-800' : 'bg-primary-100 text-primary-800'
      } ${size === 48 ? 'text-base' : 'text-sm'}`}
      style={{ width: size, height: size }}
    >
      {avatarInitials(owner.name)}
      {hash ? (
        <img
          key={hash}
          src={avatarServiceUrl(hash, size)}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          referrerPolicy="no-referrer"
          className="absolute inset-0 size-full object-cover"
          // No picture at the service (404) or no connection: the initials below show.
          onError={(event) => {
            event.currentTarget.style.display = 'none';
          }}
        />
      ) : null}
    </span>
  );
}
