import * as z from 'zod/mini';
import { ModelId, PublicId } from './common';
import { LearnerState } from './learnerState';
import { Settings } from './settings';

export const ShareSettings = z.strictObject({
  private: z.boolean(),
  saveGuestSessions: z.boolean(),
  scorm: z.boolean(),
});
export type ShareSettings = z.infer<typeof ShareSettings>;

/** The kinds of share `npm run import -- --share KIND` creates. */
export const ShareKind = z.enum(['public', 'private', 'guest', 'scorm', 'preview']);
export type ShareKind = z.infer<typeof ShareKind>;

export const User = z.strictObject({
  id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  favoriteMaterialIds: z.array(z.string()),
});
export type User = z.infer<typeof User>;

export const GuestSession = z.strictObject({
  /** Unguessable; put in the URL as `?guestSessionId=` so the guest can come back. */
  publicId: z.string(),
  name: z.string(),
  issueDate: z.optional(z.string()),
});
export type GuestSession = z.infer<typeof GuestSession>;

export const FeatureFlags = z.strictObject({
  FULLTEXT_SEARCH: z.boolean(),
  ANNOTATION_COMMENTS: z.boolean(),
  USE_GRAVATAR: z.boolean(),
  PRIVATE_MODE: z.boolean(),
  /** A chat-completions provider is configured: free texts with useGenerativeFeedback get generated feedback. */
  GENERATIVE_FEEDBACK: z._default(z.boolean(), false),
  /** An error-reporting service is configured (ERROR_REPORTING_DSN): the page reports its errors (src/errorReporting/reportErrors.ts). */
  ERROR_REPORTING: z._default(z.boolean(), false),
});
export type FeatureFlags = z.infer<typeof FeatureFlags>;

const LangEnum = z.enum(['de', 'en']);
export type Lang = z.infer<typeof LangEnum>;
/**
 * The interface languages. `Lang.catch('de').parse(value)` reads a language with a fallback, as
 * classic zod spells it (zod/mini has no methods for it: this one is added here, without zod's catch).
 */
export const Lang = Object.assign(LangEnum, {
  catch: (fallback: Lang) => ({ parse: (value: unknown): Lang => (value === 'de' || value === 'en' ? value : fallback) }),
});

/**
 * The page data the server embeds in index.html for a share link (spec sections 2 and 3).
 * Server and client validate it with this one schema (zod/mini, like everything the first route parses: see common.ts).
 */
export const PageData = z.strictObject({
  /**
   * `login`: a private share opened without a session shows the login form first; `invitation`: an
   * account invited to it whose answer the share waits for.
   */
  entryPoint: z.enum(['material', 'collection', 'error', 'login', 'invitation']),
  /** Base path of the share, e.g. `/s/AbC…`; the router's basepath. */
  baseUrl: z.string(),
  lang: Lang,
  share: z.nullable(
    z.strictObject({
      publicId: z.string(),
      rootModelName: z.enum(['Material', 'Collection']),
      rootId: ModelId,
      rootPublicId: PublicId,
      /** The element kinds (modelNames) a material share's material uses: their code loads while the material travels. */
      elementKinds: z.optional(z.array(z.string())),
      /**
       * A material share's page: the publication its material was drawn from, null when the material has none
       * (the page offers a reload once another one is current: src/publication). Absent on other pages.
       */
      publicationId: z.optional(z.nullable(z.string())),
    }),
  ),
  shareSettings: ShareSettings,
  preview: z.boolean(),
  user: z.nullable(User),
  guestSession: z.nullable(GuestSession),
  settings: Settings,
  featureFlags: FeatureFlags,
  api: z.strictObject({ base: z.string(), assets: z.string() }),
  userdata: z.strictObject({ metadata: z.strictObject({ shareId: z.nullable(z.string()) }) }),
  /**
   * What the server has stored for this visitor on this share (a logged-in user on a private share,
   * or the guest session of `?guestSessionId=`), covering every material of the share; null when
   * the server keeps nothing for them (anonymous, preview, untracked share).
   */
  learnerState: z.nullable(LearnerState),
  /** Set when the entry point is `error`: the HTTP status the server answered with. */
  error: z.optional(z.strictObject({ status: z.int() })),
  /** Set when the entry point is `invitation`: the user permission waiting to be accepted (spec section 4, Invitation). */
  invitation: z.optional(z.strictObject({ id: z.string() })),
});
export type PageData = z.infer<typeof PageData>;
