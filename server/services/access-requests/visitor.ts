// Access requests, the visitor's side: on a link with allow_access_requests, a refused visitor
// gives an email and an optional message ("request"), proves the email with a one-time code
// ("request_code"), and the request becomes pending; the link's owner and the team's admins are
// mailed. Every address is answered alike, allowed or not, already asked or not: the form never
// tells whether an address may enter. Until the code is right the request is an "unverified"
// draft that nobody lists.
import { instantRecipients } from '../digests/preferences';
import { queueMail } from '../../auth/mail-queue';
import { config } from '../../config';
import { db } from '../../db/client';
import { newId } from '../../ids';
import { hashSessionToken, newSessionToken, SESSION_TTL_MS } from '../../auth/viewer-sessions';
import { email as emailSchema } from '../../schemas/fields';
import { emit } from '../events/emit';
import { lockKey } from '../locks';
import { checkCode, sendCode } from '../visitor/codes';
import type { CodeMailTexts } from '../visitor/codes';
import { allow } from '../visitor/limits';
import type { ViewerLink, ViewerSessionRow } from '../visitor/links';
import { toObjects, type AccessRequestObject } from './decisions';

export type RequestStage = 'form' | 'code' | 'sent';
export type RequestError = 'email_invalid' | 'message_invalid' | 'code_wrong' | 'code_expired' | 'rate_limited';
export type RequestResult = {
  stage: RequestStage;
  error?: RequestError;
  /** A session made for this request (the cookie to set): a visitor refused on their first try has none. */
  newToken?: string;
  sessionExpiresAt?: Date;
};

export type AccessRequestInput = {
  step: string;
  form: Record<string, string>;
  address: string;
  userAgent: string | null;
  codeMail: CodeMailTexts;
};

export const MESSAGE_MAX = 2000;

export async function requestAccess(link: ViewerLink, session: ViewerSessionRow | null, req: AccessRequestInput): Promise<RequestResult> {
  if (!link.allowAccessRequests) return { stage: 'form' };
  if (req.step === 'request') {
    const e = emailSchema.safeParse(req.form.email ?? '');
    if (!e.success) return { stage: 'form', error: 'email_invalid' };
    const message = (req.form.message ?? '').trim();
    if (message.length > MESSAGE_MAX || /\u0000/.test(message)) return { stage: 'form', error: 'message_invalid' };
    const email = e.data;
    const ok = (await allow('access_request', email)) && (await allow('code_send_address', req.address));
    if (!ok) return { stage: 'form', error: 'rate_limited' };
    // A visitor refused on a first try has no session yet (a refusal keeps nothing): one is made,
    // the one an approval lets in.
    let fresh: { token: string; expiresAt: Date } | null = null;
    let sessionId = session?.id;
    if (!sessionId) {
      if (!(await allow('session_new', `${link.id}:${req.address}`))) return { stage: 'form', error: 'rate_limited' };
      fresh = { token: newSessionToken(), expiresAt: new Date(Date.now() + SESSION_TTL_MS) };
      sessionId = newId();
      await db.viewerSession.create({ data: { id: sessionId, linkId: link.id, tokenHash: hashSessionToken(fresh.token), expiresAt: fresh.expiresAt } });
    }
    await db.$transaction(async (tx) => {
      await tx.accessRequest.deleteMany({ where: { linkId: link.id, sessionId, status: 'unverified' } });
      await tx.accessRequest.create({
        data: { id: newId(), teamId: link.teamId, linkId: link.id, dataroomId: link.dataroomId, sessionId, email, message: message || null, status: 'unverified' },
      });
    });
    // Always mailed: whether the address could enter decides nothing here.
    await sendCode(link, email, req.codeMail, true);
    return { stage: 'code', ...(fresh ? { newToken: fresh.token, sessionExpiresAt: fresh.expiresAt } : {}) };
  }
  if (!session) return { stage: 'form' };
  if (req.step === 'request_code') {
    const draft = await db.accessRequest.findFirst({ where: { linkId: link.id, sessionId: session.id, status: 'unverified' }, orderBy: { createdAt: 'desc' } });
    if (!draft) return { stage: 'form' };
    if (!(await allow('code_verify', `${link.id}:${draft.email}`))) return { stage: 'code', error: 'rate_limited' };
    const r = await checkCode(link.id, draft.email, String(req.form.code ?? '').replace(/\s+/g, '').slice(0, 16));
    if (r !== 'ok') return { stage: 'code', error: r === 'wrong' ? 'code_wrong' : 'code_expired' };
    const created = await db.$transaction(async (tx) => {
      await lockKey(tx, 'access-request', link.id, draft.email);
      const pending = await tx.accessRequest.findFirst({ where: { linkId: link.id, email: draft.email, status: 'pending' } });
      if (pending) {
        // One pending request per email and link: the newer browser session is the one let in.
        await tx.accessRequest.delete({ where: { id: draft.id } });
        await tx.accessRequest.update({ where: { id: pending.id }, data: { sessionId: session.id, message: draft.message ?? pending.message } });
        return null;
      }
      const row = await tx.accessRequest.update({ where: { id: draft.id }, data: { status: 'pending', createdAt: new Date() } });
      const actor = {
        kind: 'viewer' as const,
        linkId: link.id,
        teamId: link.teamId,
        sessionId: session.id,
        visitorId: null,
        email: draft.email,
        emailVerified: true,
        request: { ipAddress: req.address, userAgent: req.userAgent },
      };
      const object = (await toObjects(tx, [row]))[0]!;
      await emit(tx, actor, { type: 'access_request.created', object, dataroomId: link.dataroomId });
      return object;
    });
    if (created) await mailDeciders(link, created);
    return { stage: 'sent' };
  }
  return { stage: 'form' };
}

/** The link's owner (while in the team) and the team's admins. */
async function deciders(link: ViewerLink): Promise<string[]> {
  const members = await db.teamMember.findMany({
    where: { teamId: link.teamId, OR: [{ role: 'admin' }, ...(link.createdById ? [{ userId: link.createdById }] : [])] },
    select: { user: { select: { email: true } } },
    orderBy: { createdAt: 'asc' },
  });
  return [...new Set(members.map((m) => m.user.email))];
}

async function mailDeciders(link: ViewerLink, r: AccessRequestObject) {
  const url = `${config.appUrl}/links/${link.id}?request=${r.id}`;
  const what = link.name ? `"${link.name}"` : 'your link';
  // Members who read access requests in a digest (or not at all) get no mail of their own.
  const mails = (await instantRecipients(link.teamId, 'access_requests', await deciders(link))).map((to) => ({
    notice: {
      to,
      kind: 'access request',
      subject: `${r.email} asks for access to ${what}`,
      text: `${r.email} asks for access to ${what}.${r.message ? `\n\n${r.message}` : ''}\n\nApprove or deny: ${url}\n`,
      logValue: `${url} (${r.email})`,
    },
  }));
  await queueMail(db, mails, link.teamId);
}
