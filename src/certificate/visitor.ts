import type { PageData } from '../../model/pageData';

/**
 * Who looks at a certificate and how they may download it (spec section 6):
 * - `user`: logged in; downloads with their own name once issued (on sight).
 * - `guest`: has a saved guest session; downloads with the session's name once issued (on sight).
 * - `unsavedGuest`: on a share that saves guest sessions (or a scorm share) without one yet; must save first.
 * - `anonymous`: on an untracked share; enters first and last name, the first download issues it.
 * - `preview`: preview viewers get no download (spec section 6: preview hides the certificate print area).
 * - `unknown`: no page data, or a private share without a user: nobody to issue it for.
 */
export type CertificateVisitor =
  | { kind: 'user'; name: string }
  | { kind: 'guest'; name: string }
  | { kind: 'unsavedGuest' }
  | { kind: 'anonymous' }
  | { kind: 'preview' }
  | { kind: 'unknown' };

export function certificateVisitor(pageData: Pick<PageData, 'preview' | 'user' | 'guestSession' | 'shareSettings'> | null): CertificateVisitor {
  if (!pageData) return { kind: 'unknown' };
  if (pageData.preview) return { kind: 'preview' };
  const { user, guestSession, shareSettings } = pageData;
  if (user) return { kind: 'user', name: user.name.trim() || `${user.firstname} ${user.lastname}`.trim() };
  if (guestSession) return { kind: 'guest', name: guestSession.name };
  if (shareSettings.private) return { kind: 'unknown' };
  if (shareSettings.saveGuestSessions || shareSettings.scorm) return { kind: 'unsavedGuest' };
  return { kind: 'anonymous' };
}

/** Visitors whose certificate is issued when it comes into view (spec section 4, Certificate). */
export function issuesOnSight(visitor: CertificateVisitor): boolean {
  return visitor.kind === 'user' || visitor.kind === 'guest';
}
