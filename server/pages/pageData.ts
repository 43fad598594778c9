import { Lang, PageData, type FeatureFlags } from '../../src/model/pageData';
import type { Settings } from '../../src/model/settings';
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

/** The page data of a share link, checked against the schema the client parses it with. */
export function sharePageData(share: Share, ctx: PageContext): PageData {
  return PageData.parse({
    entryPoint: share.rootModelName === 'Material' ? 'material' : 'collection',
    baseUrl: `/s/${share.publicId}`,
    lang: ctx.lang,
    share: { publicId: share.publicId, rootModelName: share.rootModelName, rootId: share.rootId, rootPublicId: share.rootPublicId },
    shareSettings: share.settings,
    preview: share.preview,
    user: null,
    guestSession: null,
    settings: ctx.settings,
    featureFlags: ctx.featureFlags,
    api: { ...API_ROUTES },
    userdata: { metadata: { shareId: share.publicId } }, learnerState: null,
  } satisfies PageData);
}

/** The page data that makes the client show its error view. */
export function errorPageData(status: number, ctx: PageContext): PageData {
  return PageData.parse({
    entryPoint: 'error',
    baseUrl: `/s/${ctx.sharePublicId}`,
    lang: ctx.lang,
    share: null,
    shareSettings: { private: false, saveGuestSessions: false, scorm: false },
    preview: false,
    user: null,
    guestSession: null,
    settings: ctx.settings,
    featureFlags: ctx.featureFlags,
    api: { ...API_ROUTES },
    userdata: { metadata: { shareId: null } }, learnerState: null,
    error: { status },
  } satisfies PageData);
}
