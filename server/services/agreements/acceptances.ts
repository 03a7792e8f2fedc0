// Acceptances from the viewer: once per visitor (lower-cased email, or the viewer session when
// no email is asked), agreement version and viewer session. Accepting the current version on one
// link counts on every link using the agreement for a session that proves the email with a
// one-time code; changed terms (a new version) are asked again. An acceptance says whether its
// email was proven, and its receipt is mailed only to a proven address: at once when the session
// had proven it, else when the session proves it later (the code comes after the agreement step).
import type { ViewerActor } from '../../auth/actor';
import { db, type Tx } from '../../db/client';
import { newId } from '../../ids';
import { emit } from '../events/emit';
import { toAcceptance } from './agreements';
import { sendNoticeMail } from '../../auth/mail';
import { enqueue } from '../../db/jobs';
import { drawReceipt } from './receipt';

export const visitorKey = (email: string | null, sessionId: string) => (email ? email.toLowerCase() : `session:${sessionId}`);

/**
 * Whether the agreement at its current version was accepted by this email (on any link), and
 * whether that acceptance counts for this session: only when the session proved the email with a
 * one-time code, or when it was made in this very session. Typing someone's address proves
 * nothing, so an unproven session is asked again (docs/decisions.md, "An acceptance counts for a
 * proven email").
 */
export async function acceptedBefore(
  link: Pick<AcceptingLink, 'agreementId' | 'agreementVersion'>,
  email: string,
  session: { id: string | null; verified: boolean },
): Promise<'counts' | 'unproven' | null> {
  if (!link.agreementId || !link.agreementVersion) return null;
  const where = { agreementId: link.agreementId, agreementVersion: link.agreementVersion, visitorKey: email.toLowerCase() };
  if (!(await db.agreementAcceptance.findFirst({ where, select: { id: true } }))) return null;
  if (session.verified) return 'counts';
  const here = session.id ? await db.agreementAcceptance.findFirst({ where: { ...where, sessionId: session.id }, select: { id: true } }) : null;
  return here ? 'counts' : 'unproven';
}

/** The terms as the visitor saw them, kept with the acceptance for its receipt. */
function termsOf(a: { contentType: string; text: string | null; url: string | null; documentId: string | null }, documentName: string | null) {
  if (a.contentType === 'text') return a.text ?? '';
  if (a.contentType === 'url') return `The terms at ${a.url}`;
  return `The terms in the document "${documentName ?? a.documentId}"`;
}

/** What an acceptance needs of the link it came through (a visitor's link: services/visitor/links.ts). */
export type AcceptingLink = { id: string; teamId: string; dataroomId: string | null; agreementId: string | null; agreementVersion: string | null };

export type Acceptance = {
  sessionId: string;
  email: string | null;
  /** The session proved `email` with a one-time code. */
  emailVerified: boolean;
  visitorId: string | null;
  name: string | null;
  address: string;
  userAgent: string | null;
};

/**
 * Records the acceptance of the link's agreement at its current version (nothing when this
 * visitor already accepted it) and emits `agreement.accepted`. Returns the acceptance's id when
 * one was written.
 */
export async function recordAcceptance(link: AcceptingLink, who: Acceptance): Promise<string | null> {
  if (!link.agreementId) return null;
  return insertAcceptance(link, who);
}

/**
 * The visitor's copy: the PDF receipt attached to a plain notice (printed as one log line without
 * SMTP), to the address the acceptance names once it is proven (a typed address may be anyone's).
 * An `agreement.receipt` job (server/jobs/mail.ts).
 */
export async function mailReceipt(id: string) {
  const acc = await db.agreementAcceptance.findUnique({ where: { id }, include: { agreement: { select: { name: true } } } });
  if (!acc?.email || !acc.emailVerified) return;
  const to = acc.email;
  const bytes = await drawReceipt({ ...acc, agreementName: acc.agreement.name });
  await sendNoticeMail({
    to,
    kind: 'agreement receipt',
    subject: `Your acceptance of ${acc.agreement.name}`,
    text: `You accepted "${acc.agreement.name}" on ${acc.acceptedAt.toISOString()} (version ${acc.agreementVersion}). The receipt is attached.`,
    logValue: `${acc.id} version ${acc.agreementVersion}`,
    attachments: [{ filename: `receipt-${acc.id}.pdf`, content: Buffer.from(bytes), contentType: 'application/pdf' }],
  });
}

async function insertAcceptance(link: AcceptingLink, who: Acceptance): Promise<string | null> {
  return db.$transaction(async (tx) => {
    const a = await tx.agreement.findFirst({ where: { id: link.agreementId!, teamId: link.teamId } });
    if (!a) return null;
    const doc = a.documentId ? await tx.document.findFirst({ where: { id: a.documentId, teamId: link.teamId }, select: { name: true } }) : null;
    const id = newId();
    const verified = !!who.email && who.emailVerified;
    const inserted = await tx.$executeRaw`
      INSERT INTO agreement_acceptances (id, team_id, agreement_id, agreement_version, visitor_key, link_id, visitor_id, session_id, email, email_verified, name, ip_address, user_agent, terms, accepted_at)
      VALUES (${id}, ${link.teamId}, ${a.id}, ${a.version}, ${visitorKey(who.email, who.sessionId)}, ${link.id}, ${who.visitorId}, ${who.sessionId}, ${who.email}, ${verified},
              ${who.name}, ${who.address}, ${who.userAgent?.slice(0, 1000) ?? null}, ${termsOf(a, doc?.name ?? null)}, ${new Date()})
      ON CONFLICT (agreement_id, agreement_version, visitor_key, session_id) DO NOTHING`;
    if (!inserted) return null;
    if (verified) await enqueue(tx, { kind: 'agreement.receipt', ref: id, teamId: link.teamId });
    const row = await tx.agreementAcceptance.findUniqueOrThrow({ where: { id } });
    const actor: ViewerActor = {
      kind: 'viewer',
      linkId: link.id,
      teamId: link.teamId,
      sessionId: who.sessionId,
      visitorId: who.visitorId,
      email: who.email,
      emailVerified: verified,
      request: { ipAddress: who.address, userAgent: who.userAgent },
    };
    await emit(tx, actor, { type: 'agreement.accepted', object: toAcceptance(row), dataroomId: link.dataroomId });
    return id;
  });
}

/**
 * The session has just proven `email` (a one-time code): its acceptances of the link's agreement
 * at the current version under that address say so now, and their receipts go out.
 */
export async function acceptancesProven(tx: Tx, link: AcceptingLink, sessionId: string, email: string) {
  if (!link.agreementId || !link.agreementVersion) return;
  const rows = await tx.$queryRaw<{ id: string }[]>`
    UPDATE agreement_acceptances SET email_verified = true
    WHERE agreement_id = ${link.agreementId} AND agreement_version = ${link.agreementVersion} AND visitor_key = ${email.toLowerCase()}
      AND session_id = ${sessionId} AND NOT email_verified
    RETURNING id`;
  await enqueue(tx, rows.map((r) => ({ kind: 'agreement.receipt' as const, ref: r.id, teamId: link.teamId })));
}
