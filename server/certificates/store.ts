import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { CertifiedFacts, VerifyAnswer } from '../../model/certificates';
import { CODE_LENGTH } from '../../model/certificates';
import type { Database, Queryable } from '../db/types';
import type { Learner } from '../http/learnerAccess';
import { hasValidCheck, newCertificateCode } from './code';
import { openBadgeCredential, signCredential } from './credential';
import { toWholeSecond } from './urls';
import type { CertificateIssuer } from './issuer';
import { certificateSigningKey } from './keys';
import { STATUS_LIST_SIZE } from './statusList';

/** One issued certificate as stored. */
export interface IssuedCertificate {
  code: string;
  shareId: string;
  certificateId: string;
  facts: CertifiedFacts;
  /** The signed credential, a compact JWS. */
  jws: string;
  createdAt: string;
  revoked: { at: string; reason: string } | null;
}

interface Row {
  code: string;
  share_id: string;
  certificate_id: string;
  learner_name: string;
  material_title: string;
  certificate_title: string;
  validity: string;
  issued_on: string;
  issuer_name: string;
  issuer_url: string;
  jws: string;
  created_at: Date | string;
  revoked_at: Date | string | null;
  revoked_reason: string | null;
}

const COLUMNS =
  'code, share_id, certificate_id, learner_name, material_title, certificate_title, validity, issued_on, issuer_name, issuer_url, jws, created_at, revoked_at, revoked_reason';

const iso = (value: Date | string) => new Date(value).toISOString();

const toIssued = (r: Row): IssuedCertificate => ({
  code: r.code,
  shareId: r.share_id,
  certificateId: r.certificate_id,
  facts: {
    learnerName: r.learner_name,
    materialTitle: r.material_title,
    certificateTitle: r.certificate_title,
    validity: r.validity,
    issuedOn: r.issued_on,
    issuer: { name: r.issuer_name, url: r.issuer_url },
  },
  jws: r.jws,
  createdAt: iso(r.created_at),
  revoked: r.revoked_at && r.revoked_reason !== null ? { at: iso(r.revoked_at), reason: r.revoked_reason } : null,
});

const learnerColumns = (learner: Learner) => (learner.kind === 'user' ? { user: learner.userId, guest: null } : { user: null, guest: learner.guestSessionId });
const learnerKey = (learner: Learner) => (learner.kind === 'user' ? `user:${learner.userId}` : `guest:${learner.guestSessionId}`);

async function issuedTo(q: Queryable, shareId: string, certificateId: string, learner: Learner): Promise<IssuedCertificate | null> {
  const [row] = await q.query<Row>(`SELECT ${COLUMNS} FROM issued_certificates WHERE share_id = $1 AND certificate_id = $2 AND learner_key = $3`, [
    shareId,
    certificateId,
    learnerKey(learner),
  ]);
  return row ? toIssued(row) : null;
}

/**
 * When the learner's certificate was issued: the first issue date they stored for it (the PDF prints
 * the same, as the issue date is set once), never later than now; null when they have none.
 */
async function issueDateOf(q: Queryable, shareId: string, certificateId: string, learner: Learner): Promise<string | null> {
  const { user, guest } = learnerColumns(learner);
  const [row] = await q.query<{ value: unknown }>(
    `SELECT value FROM userdata_events
     WHERE share_id = $1 AND model_id = $2 AND field = 'issueDate'
       AND ($3::text IS NULL OR user_id = $3) AND ($4::text IS NULL OR guest_session_id = $4)
       AND jsonb_typeof(value) = 'string'
     ORDER BY seq LIMIT 1`,
    [shareId, certificateId, user, guest],
  );
  const value = typeof row?.value === 'string' ? Date.parse(row.value) : NaN;
  if (!Number.isFinite(value)) return null;
  return toWholeSecond(new Date(Math.min(value, Date.now())).toISOString());
}

/** The name the certificate prints for a learner: the account's full name, or the guest session's. */
async function learnerNameOf(q: Queryable, learner: Learner): Promise<string | null> {
  if (learner.kind === 'user') {
    const [row] = await q.query<{ firstname: string; lastname: string }>('SELECT firstname, lastname FROM users WHERE id = $1', [learner.userId]);
    return row ? [row.firstname, row.lastname].filter((part) => part.length > 0).join(' ') : null;
  }
  const [row] = await q.query<{ name: string }>('SELECT name FROM guest_sessions WHERE public_id = $1', [learner.guestSessionId]);
  return row?.name ?? null;
}

/** The certificate element's title and validity, and its material's title. */
async function certificateTexts(q: Queryable, certificateId: string): Promise<{ title: string; validity: string; materialTitle: string } | null> {
  const [row] = await q.query<{ title: unknown; validity: unknown; material_title: unknown }>(
    `SELECT c.fields->>'title' AS title, c.fields->>'validity' AS validity, m.fields->>'title' AS material_title
     FROM models c JOIN models m ON m.id = c.root_id
     WHERE c.id = $1 AND c.model_name = 'Certificate'`,
    [certificateId],
  );
  if (!row) return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return { title: text(row.title), validity: text(row.validity), materialTitle: text(row.material_title) };
}

export interface IssueRequest {
  shareId: string;
  certificateId: string;
  learner: Learner;
  issuer: CertificateIssuer;
  /** The origin the request came to, used when PUBLIC_ORIGIN is not configured. */
  requestOrigin: string;
}

/**
 * The learner's certificate for this certificate element of the share: the one issued before, or a
 * new one when they reached it (an issue date is stored for them). Null when they have not reached it.
 * One row per (share, certificate, learner): two calls at once issue one certificate.
 */
export async function issueCertificate(db: Database, request: IssueRequest): Promise<IssuedCertificate | null> {
  const { shareId, certificateId, learner } = request;
  const before = await issuedTo(db, shareId, certificateId, learner);
  if (before) return before;
  const [issuedOn, learnerName, texts] = await Promise.all([
    issueDateOf(db, shareId, certificateId, learner),
    learnerNameOf(db, learner),
    certificateTexts(db, certificateId),
  ]);
  if (!issuedOn || learnerName === null || !texts) return null;
  const origin = request.issuer.origin ?? request.requestOrigin;
  const facts: CertifiedFacts = {
    learnerName,
    materialTitle: texts.materialTitle,
    certificateTitle: texts.title,
    validity: texts.validity,
    issuedOn,
    issuer: { name: request.issuer.name, url: origin },
  };
  const key = await certificateSigningKey(db);
  const { user, guest } = learnerColumns(learner);
  // A code or status index drawn twice (a unique violation) is drawn again; another issue to this learner wins quietly.
  for (let attempt = 1; ; attempt++) {
    const code = newCertificateCode();
    const statusIndex = randomInt(STATUS_LIST_SIZE);
    const credential = openBadgeCredential({ code, origin, shareId, certificateId, subjectId: `urn:uuid:${randomUUID()}`, statusIndex, facts });
    const jws = await signCredential(credential, key, origin);
    try {
      const [inserted] = await db.query<Row>(
        `INSERT INTO issued_certificates
           (code, share_id, certificate_id, user_id, guest_session_id, learner_name, material_title, certificate_title, validity, issued_on, issuer_name, issuer_url, kid, jws, status_index)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         ON CONFLICT (share_id, certificate_id, learner_key) DO NOTHING
         RETURNING ${COLUMNS}`,
        [code, shareId, certificateId, user, guest, learnerName, facts.materialTitle, facts.certificateTitle, facts.validity, issuedOn, facts.issuer.name, origin, key.kid, jws, statusIndex],
      );
      return inserted ? toIssued(inserted) : issuedTo(db, shareId, certificateId, learner);
    } catch (error) {
      if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION || attempt >= 20) throw error;
    }
  }
}

/** PostgreSQL's SQLSTATE of a duplicate key. */
const UNIQUE_VIOLATION = '23505';

/** The status list indexes of the revoked certificates (./statusList.ts). */
export async function revokedStatusIndexes(q: Queryable): Promise<number[]> {
  const rows = await q.query<{ status_index: number }>('SELECT status_index FROM issued_certificates WHERE revoked_at IS NOT NULL');
  return rows.map((r) => Number(r.status_index));
}

/** A row no code names: what an unknown code is compared with, so that it costs what a known one does. */
const NO_ROW: Row = {
  code: '0'.repeat(CODE_LENGTH),
  share_id: '',
  certificate_id: '',
  learner_name: '',
  material_title: '',
  certificate_title: '',
  validity: '',
  issued_on: new Date(0).toISOString(),
  issuer_name: '',
  issuer_url: '',
  jws: '',
  created_at: new Date(0),
  revoked_at: null,
  revoked_reason: null,
};

/** A stand-in a code of the wrong shape is looked up as (never stored: its check character does not fit). */
const NOT_A_CODE = 'ZZZZZZZZZZZZ';

/**
 * What anyone checking a code hears, by constant work: every code (known, unknown, mistyped, of the
 * wrong shape) costs one lookup by primary key, one full comparison of 12 bytes and one check
 * character, and the answer is built from a row either way; nothing ends early on a mismatch.
 * `normalized` is the code after `normalizeCode` (null when it had not the shape of one).
 */
export async function verifyCertificate(q: Queryable, normalized: string | null): Promise<{ answer: VerifyAnswer; issued: IssuedCertificate | null }> {
  const code = normalized ?? NOT_A_CODE;
  const [found] = await q.query<Row>(`SELECT ${COLUMNS} FROM issued_certificates WHERE code = $1`, [code]);
  const row = found ?? NO_ROW;
  const same = timingSafeEqual(Buffer.from(row.code.padEnd(CODE_LENGTH).slice(0, CODE_LENGTH)), Buffer.from(code.padEnd(CODE_LENGTH).slice(0, CODE_LENGTH)));
  const checked = hasValidCheck(code);
  const issued = toIssued(row);
  const known = Number(same) & Number(checked) & Number(normalized !== null) & Number(found !== undefined);
  if (!known) return { answer: { status: 'unknown', code: normalized ?? '' }, issued: null };
  if (issued.revoked) return { answer: { status: 'revoked', code, facts: issued.facts, revokedAt: issued.revoked.at, reason: issued.revoked.reason }, issued };
  return { answer: { status: 'valid', code, facts: issued.facts }, issued };
}

/** Revokes a certificate with a reason; false when no certificate has this code. Revoking again keeps the first date and takes the new reason. */
export async function revokeCertificate(q: Queryable, code: string, reason: string): Promise<IssuedCertificate | null> {
  const [row] = await q.query<Row>(
    `UPDATE issued_certificates SET revoked_at = coalesce(revoked_at, now()), revoked_reason = $2 WHERE code = $1 RETURNING ${COLUMNS}`,
    [code, reason],
  );
  return row ? toIssued(row) : null;
}

/** The certificates issued, newest first (at most `limit`). */
export async function listCertificates(q: Queryable, limit = 1000): Promise<IssuedCertificate[]> {
  const rows = await q.query<Row>(`SELECT ${COLUMNS} FROM issued_certificates ORDER BY created_at DESC, code LIMIT $1`, [limit]);
  return rows.map(toIssued);
}
