import type { ShareKind } from '../../model/pageData';
import type { Share } from '../store/shares';

/*
 * What the SCORM export needs to know of a share, from the database or, while a server holds the
 * database, from the share's page as that server serves it (its page data and title), and which
 * shares can be packaged.
 */

export type ShareSummary = {
  publicId: string;
  kind: ShareKind;
  rootModelName: 'Material' | 'Collection';
  title: string;
};

export const summaryOfShare = (share: Share): ShareSummary => ({
  publicId: share.publicId,
  kind: share.kind,
  rootModelName: share.rootModelName,
  title: share.rootTitle,
});

const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_all, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] as string);

type PageDataLike = {
  share?: { publicId?: unknown; rootModelName?: unknown } | null;
  shareSettings?: { private?: unknown; saveGuestSessions?: unknown; scorm?: unknown };
  preview?: unknown;
};

/**
 * The share a share page shows (server/pages/render.ts: the page data in `#page-data`, the root's
 * title in `<title>`); null when the page names no share (the error page of an unknown one).
 */
export function summaryFromSharePage(html: string): ShareSummary | null {
  const json = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) return null;
  const data = JSON.parse(json) as PageDataLike;
  const share = data.share;
  if (!share || typeof share.publicId !== 'string' || (share.rootModelName !== 'Material' && share.rootModelName !== 'Collection')) return null;
  const settings = data.shareSettings ?? {};
  const kind: ShareKind = data.preview === true
    ? 'preview'
    : settings.private === true
      ? 'private'
      : settings.scorm === true
        ? 'scorm'
        : settings.saveGuestSessions === true
          ? 'guest'
          : 'public';
  const title = unescapeHtml(/<title>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '');
  return { publicId: share.publicId, kind, rootModelName: share.rootModelName, title };
}

/** Kinds of share a SCORM package can show (see `packagingProblem`). */
export const PACKAGEABLE_SHARE_KINDS: readonly ShareKind[] = ['scorm', 'public', 'guest'];

/**
 * Why a share cannot be packaged; null when it can. A package holds one course (one SCO), so the share
 * must be a material's. Scorm shares are meant for it (the viewer holds tracking until it knows the
 * learner); public and guest shares work too. Private shares need a login to this server inside the
 * LMS's frame, which an LMS's learners do not have; preview shares record nothing.
 */
export function packagingProblem(share: ShareSummary): string | null {
  if (share.rootModelName !== 'Material') {
    return `Share ${share.publicId} shows a collection; a SCORM package holds one course: package the share of one material instead.`;
  }
  if (share.kind === 'private') {
    return `Share ${share.publicId} is private: its learners log in to this server, which an LMS's learners cannot do in the package's frame. Import the material with --share scorm and package that share.`;
  }
  if (share.kind === 'preview') {
    return `Share ${share.publicId} is a preview share, which records nothing. Import the material with --share scorm and package that share.`;
  }
  return null;
}

/** A note for shares that can be packaged but are not meant for an LMS; null for scorm shares. */
export function packagingNote(share: ShareSummary): string | null {
  if (share.kind === 'scorm') return null;
  return `Note: share ${share.publicId} is a ${share.kind} share, not a scorm share. The package works, and the LMS gets progress and results, but the viewer treats learners as on any ${share.kind} share${share.kind === 'guest' ? ' (they are asked for their name to save their work on this server)' : ' (nothing is saved on this server; the LMS keeps what the viewer sends it)'}. For LMS packages import the material with --share scorm.`;
}
