import type { LearnerState } from '../../model/learnerState';
import { Lang, PageData, type FeatureFlags, type GuestSession, type User } from '../../model/pageData';
import type { Settings } from '../../model/settings';
import type { Share } from '../store/shares';

export const API_ROUTES = { base: '/api', assets: '/api/assets' } as const;

export interface PageContext {
  sharePublicId: string;
  lang: Lang;
  settings: Settings;
  featureFlags: FeatureFlags;
}

/** `?lang=en` picks English; anything else is German, the default. */
export function langFromQuery(value: unknown): Lang {
  const parsed = Lang.safeParse(Array.isArray(value) ? value[0] : value);
  return parsed.success ? parsed.data : 'de';
}

/** Who opens a share link and what the server keeps for them there. */
export interface Visitor {
  /** The logged-in user on a private share. */
  user: User | null;
  /** The guest session of `?guestSessionId=` when it belongs to the share. */
  guestSession: GuestSession | null;
  learnerState: LearnerState | null;
}

export const ANONYMOUS: Visitor = { user: null, guestSession: null, learnerState: null };

/** The page data of a share link, checked against the schema the client parses it with. */
/** What the page data tells of a material share's material: the element kinds it uses and the publication it was drawn from. */
export interface PageMaterial {
  kinds: string[];
  publicationId: string | null;
}

export function sharePageData(share: Share, ctx: PageContext, visitor: Visitor = ANONYMOUS, material?: PageMaterial): PageData {
  return sharePageDataWith(share, ctx, share.rootModelName === 'Material' ? 'material' : 'collection', visitor, material);
}

/**
 * A private share opened by an account invited to it that has not accepted yet: the invitation, told what
 * the share holds, and no content.
 */
export function invitationPageData(share: Share, ctx: PageContext, user: User, invitationId: string): PageData {
  return PageData.parse({ ...sharePageDataWith(share, ctx, 'invitation', { ...ANONYMOUS, user }), invitation: { id: invitationId } } satisfies PageData);
}

/** A private share opened without a login: the login form, told what the share holds, and no content. */
export function loginPageData(share: Share, ctx: PageContext): PageData {
  return sharePageDataWith(share, ctx, 'login', ANONYMOUS);
}

function sharePageDataWith(share: Share, ctx: PageContext, entryPoint: PageData['entryPoint'], visitor: Visitor, material?: PageMaterial): PageData {
  return PageData.parse({
    entryPoint,
    baseUrl: `/s/${share.publicId}`,
    lang: ctx.lang,
    share: {
      publicId: share.publicId,
      rootModelName: share.rootModelName,
      rootId: share.rootId,
      rootPublicId: share.rootPublicId,
      ...(material ? { elementKinds: material.kinds, publicationId: material.publicationId } : {}),
    },
    shareSettings: share.settings,
    preview: share.preview,
    user: visitor.user,
    guestSession: visitor.guestSession,
    settings: ctx.settings,
    featureFlags: ctx.featureFlags,
    api: { ...API_ROUTES },
    userdata: { metadata: { shareId: share.publicId } },
    learnerState: visitor.learnerState,
  } satisfies PageData);
}

/**
 * The page data that makes the client show its error view; `user` is the logged-in account a private
 * share refused (its page offers to log out, to come back with another).
 */
export function errorPageData(status: number, ctx: PageContext, user: User | null = null): PageData {
  return PageData.parse({
    entryPoint: 'error',
    baseUrl: `/s/${ctx.sharePublicId}`,
    lang: ctx.lang,
    share: null,
    shareSettings: { private: false, saveGuestSessions: false, scorm: false },
    preview: false,
    user,
    guestSession: null,
    settings: ctx.settings,
    featureFlags: ctx.featureFlags,
    api: { ...API_ROUTES },
    userdata: { metadata: { shareId: null } },
    learnerState: null,
    error: { status },
  } satisfies PageData);
}
