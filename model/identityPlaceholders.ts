import type { GuestSession, User } from './pageData';

/*
 * Identity placeholders of embed URLs (spec section 5). An author writes them into the URL of a
 * link/embed element, in double braces, spaces inside allowed:
 *
 *   {{email}}                 the logged-in user's email
 *   {{firstname}}             the logged-in user's first name
 *   {{lastname}}              the logged-in user's last name
 *   {{publicId}}              the logged-in user's id
 *   {{guestSessionPublicId}}  the guest session's public id (the guest's key to come back: only for services the author trusts)
 *   {{guestSessionUserName}}  the guest session's name
 *   {{uniqueUserId}}          whoever views: the user's id, else the guest session's public id
 *
 * Names are matched without regard to case. Each value is URL-encoded (every character outside
 * A-Z a-z 0-9 - _ . ~), so it cannot end the attribute, path segment or query value it stands in;
 * an absent or empty value gives `no-{name in lower case}-available` (`no-email-available`).
 * Other double-brace text stays as it is.
 */

export const IDENTITY_PLACEHOLDERS = [
  'email',
  'firstname',
  'lastname',
  'publicId',
  'guestSessionPublicId',
  'guestSessionUserName',
  'uniqueUserId',
] as const;
export type IdentityPlaceholder = (typeof IDENTITY_PLACEHOLDERS)[number];

/** Who is viewing, as the page data knows it. */
export interface Viewer {
  user?: Pick<User, 'id' | 'email' | 'firstname' | 'lastname'> | null;
  guestSession?: Pick<GuestSession, 'publicId' | 'name'> | null;
}

const BY_LOWER_NAME = new Map<string, IdentityPlaceholder>(IDENTITY_PLACEHOLDERS.map((name) => [name.toLowerCase(), name]));
const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The value a placeholder stands for, before encoding; undefined when the viewer has none. */
export function identityValue(name: IdentityPlaceholder, { user, guestSession }: Viewer): string | undefined {
  switch (name) {
    case 'email':
      return user?.email;
    case 'firstname':
      return user?.firstname;
    case 'lastname':
      return user?.lastname;
    case 'publicId':
      return user?.id;
    case 'guestSessionPublicId':
      return guestSession?.publicId;
    case 'guestSessionUserName':
      return guestSession?.name;
    case 'uniqueUserId':
      return user?.id || guestSession?.publicId;
  }
}

/** encodeURIComponent, also encoding the characters it leaves (`! ' ( ) *`) that could end an attribute or confuse a parser. */
export function encodeStrictly(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export const fallbackOf = (name: IdentityPlaceholder): string => `no-${name.toLowerCase()}-available`;

/** The URL with every identity placeholder replaced by the viewer's value, URL-encoded, or its fallback. */
export function fillIdentityPlaceholders(url: string, viewer: Viewer): string {
  return url.replace(PLACEHOLDER, (whole, raw: string) => {
    const name = BY_LOWER_NAME.get(raw.toLowerCase());
    if (!name) return whole;
    const value = identityValue(name, viewer)?.trim();
    return value ? encodeStrictly(value) : fallbackOf(name);
  });
}
