import * as z from 'zod/mini';
import { ModelId } from './common';

/*
 * What the viewer sends about a learner and what the server stores (spec sections 4 and 7:
 * userdata, guest, share/guest-session, updateRootProgress, GET /auth/session). Client and server
 * parse with these schemas (zod/mini: the first route parses some of them, see common.ts).
 */

/** The learner-state fields a userdata event can carry, one per event (spec section 7). */
export const TRACKED_FIELDS = [
  'progress', 'selected', 'evaluated', 'value', 'generatedFeedback', 'assignedItemIds', 'inputs', 'unlocked', 'issueDate', 'points',
] as const;
export const TrackedField = z.enum(TRACKED_FIELDS);
export type TrackedField = z.infer<typeof TrackedField>;

/** Most events one userdata call may carry; a longer queue is sent in several calls. */
export const USERDATA_BATCH_LIMIT = 100;
/** Largest JSON of one changed value (a long free-text answer fits many times over). */
export const USERDATA_VALUE_MAX_CHARS = 32_000;
/** Largest request body the API accepts, in bytes. */
export const API_BODY_LIMIT_BYTES = 1_048_576;

/** Client-made unique id of one event (crypto.randomUUID or 22+ url-safe characters); the server's idempotency key. */
export const EventId = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'event ids use 16–64 letters, digits, "-" and "_"'));

/** Public id of a guest session: unguessable (22+ url-safe characters, 128+ random bits). */
export const GuestSessionId = z.string().check(z.regex(/^[A-Za-z0-9_-]{22,64}$/, 'guest session ids use 22–64 letters, digits, "-" and "_"'));

/** Public id of a share, as the API's bodies carry it. */
export const ShareId = z.string().check(z.minLength(1), z.maxLength(100));

export const UserdataMetadata = z.strictObject({
  modelName: z.string().check(z.minLength(1), z.maxLength(80)),
  id: ModelId,
  /** Public id of the share the learner works in. */
  shareId: ShareId,
  /** The guest session on guest and scorm shares; null for a logged-in user on a private share. */
  guestSessionId: z.nullable(GuestSessionId),
});
export type UserdataMetadata = z.infer<typeof UserdataMetadata>;

/**
 * What a changed value counts against USERDATA_VALUE_MAX_CHARS: a text its characters (what a learner's
 * counter shows), anything else the characters of its JSON. Either way an event stays far below
 * API_BODY_LIMIT_BYTES (a text of escaped characters at most six times as long).
 */
export function userdataValueLength(value: unknown): number {
  return typeof value === 'string' ? value.length : JSON.stringify(value ?? null).length;
}

/** Whether a changed value may be saved. */
export const fitsUserdataValue = (value: unknown): boolean => userdataValueLength(value) <= USERDATA_VALUE_MAX_CHARS;

/** Exactly one changed field: `{ selected: ['a'] }`. */
export const UserdataData = z
  .partialRecord(TrackedField, z.unknown())
  .check(
    z.refine((data) => Object.keys(data).length === 1, 'data holds exactly one changed field'),
    z.refine((data) => Object.values(data).every((value) => value !== undefined), 'the changed value is missing'),
    z.refine(
      (data) => fitsUserdataValue(Object.values(data)[0]),
      `the changed value is longer than ${USERDATA_VALUE_MAX_CHARS} characters`,
    ),
  );

export const UserdataEvent = z.strictObject({
  id: EventId,
  /** When the learner made the change (client clock, ms since 1970); the latest value of a field wins. */
  at: z.int().check(z.minimum(0), z.maximum(8.64e15)),
  metadata: UserdataMetadata,
  data: UserdataData,
});
export type UserdataEvent = z.infer<typeof UserdataEvent>;

/** Body of `POST /api/userdata`. */
export const UserdataBody = z.strictObject({ events: z.array(UserdataEvent).check(z.minLength(1), z.maxLength(USERDATA_BATCH_LIMIT)) });
export type UserdataBody = z.infer<typeof UserdataBody>;

/** Answer of `POST /api/userdata` (in `data`), sent only after the transaction committed. */
export const UserdataAck = z.strictObject({
  /** Ids of every event of the request: each is now stored exactly once. */
  acknowledged: z.array(EventId),
  /** How many of them were new. */
  stored: z.int().check(z.minimum(0)),
  /** How many had been stored before (a retry); stored + duplicates = acknowledged.length. */
  duplicates: z.int().check(z.minimum(0)),
});
export type UserdataAck = z.infer<typeof UserdataAck>;

/** Body of `POST /api/userdata/list`: the learner's own stored events on a share (a user by cookie, a guest by id). */
export const UserdataListBody = z.strictObject({
  shareId: ShareId,
  guestSessionId: z.nullable(GuestSessionId),
});

/** One stored event as `POST /api/userdata/list` answers it (in `data.events`, in the order they arrived). */
export const StoredUserdataEvent = z.strictObject({
  id: EventId,
  at: z.number(),
  modelName: z.string(),
  modelId: ModelId,
  field: TrackedField,
  value: z.unknown(),
});
export type StoredUserdataEvent = z.infer<typeof StoredUserdataEvent>;

/** A guest's display name: trimmed, 1–200 characters. */
export const GuestName = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

/** Body of `POST /api/guest`: creates a guest session on a share that saves guest sessions (or a scorm share). */
export const GuestBody = z.strictObject({
  /** "Firstname Lastname". */
  name: GuestName,
  /** Public id of the share. */
  publicId: ShareId,
});
export type GuestBody = z.infer<typeof GuestBody>;

/** Body of `POST /api/guest/forget`: this browser forgets its guest session of the share (publicId is the share's). */
export const ForgetGuestBody = z.strictObject({ publicId: ShareId });

/** Body of `POST /api/share/guest-session`: renames an existing guest session (publicId is the session's). */
export const ShareGuestSessionBody = z.strictObject({ name: GuestName, publicId: GuestSessionId });

/** Body of `POST /api/updateRootProgress`: the progress of a composite material for the current learner. */
export const UpdateRootProgressBody = z.strictObject({
  model: z.strictObject({ id: ModelId, modelName: z.literal('Material') }),
  value: z.number().check(z.minimum(0), z.maximum(1)),
  shareId: ShareId,
  guestSessionId: z.nullable(GuestSessionId),
});
export type UpdateRootProgressBody = z.infer<typeof UpdateRootProgressBody>;

/** Longest password a login (and `npm run users`) accepts. */
export const PASSWORD_MAX_LENGTH = 1000;

/** Body of `POST /auth/login`. */
export const LoginBody = z.strictObject({
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(320)),
  password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH)),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** Answer of `GET /auth/session` (in `data`). */
export const AuthSession = z.strictObject({ authenticated: z.boolean() });
export type AuthSession = z.infer<typeof AuthSession>;

/**
 * Who the viewer saves for, from the page data: `off` (preview, or a share that tracks nobody:
 * anonymous progress stays in the browser), `user` (a logged-in user on a private share), `guest`
 * (a share that saves guest sessions, or a scorm share: sending is held until the guest has a name).
 */
export type TrackingMode = 'off' | 'user' | 'guest';

export function trackingModeOf(pageData: {
  preview: boolean;
  shareSettings: { private: boolean; saveGuestSessions: boolean; scorm: boolean };
  user: unknown;
}): TrackingMode {
  if (pageData.preview) return 'off';
  if (pageData.shareSettings.private) return pageData.user ? 'user' : 'off';
  if (pageData.shareSettings.saveGuestSessions || pageData.shareSettings.scorm) return 'guest';
  return 'off';
}

/** Root progress is saved only outside preview, on private shares and shares that save guest sessions (spec section 4). */
export function savesRootProgress(pageData: { preview: boolean; shareSettings: { private: boolean; saveGuestSessions: boolean } }): boolean {
  return !pageData.preview && (pageData.shareSettings.private || pageData.shareSettings.saveGuestSessions);
}
