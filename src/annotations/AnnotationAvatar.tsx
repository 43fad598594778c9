import { avatarInitials } from '../auth/avatarInitials';
import type { AnnotationOwner } from '../model/annotation';

/**
 * The author's avatar on annotation cards and comments: always the initials (spec section 5), never
 * an image. USE_GRAVATAR cannot apply here: the avatar service takes a hash of the author's address,
 * and annotation owners carry only their kind and name (src/model/annotation.ts); with PRIVATE_MODE no
 * external avatar may show anyway. Decorative (the name is written beside it).
 */
export function AnnotationAvatar({ owner, size = 40 }: { owner: AnnotationOwner; size?: 40 | 48 }) {
  return (
    <span
      aria-hidden
      data-testid="annotation-avatar"
      className={`inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold ${
        owner.kind === 'guest' ? 'bg-gray-200 text-gray-800' : 'bg-primary-100 text-primary-800'
      } ${size === 48 ? 'text-base' : 'text-sm'}`}
      style={{ width: size, height: size }}
    >
      {avatarInitials(owner.name)}
    </span>
  );
}
