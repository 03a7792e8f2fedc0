// The gates of a link, in DESIGN.md's order: email (when the link is email-protected, or an
// allow/deny list or a group decides access), custom fields, the agreement (when the link has
// one and this visitor has not accepted its current version), password, the one-time code (when
// email-authenticated), then the access decision. Progress is kept on the browser's viewer
// session; passing the last gate admits the session. A refusal never says which rule refused,
// and on a link that verifies the address the email step answers the same for every address: the
// code is only sent when the address may enter, so the step cannot be used to test a list.
import type { CodeMailTexts } from './codes';
import { emit } from '../events/emit';
import { visitorObject } from '../visitors';
import { verifyPassword, type CustomField } from '../links/settings';
import { db } from '../../db/client';
import { newId } from '../../ids';
import { email as emailSchema } from '../../schemas/fields';
import { newSessionToken, hashSessionToken, SESSION_TTL_MS } from '../../auth/viewer-sessions';
import { accessKey, agreementKeyOf, type ViewerLink, type ViewerSessionRow } from './links';
import { acceptancesProven, acceptedBefore, recordAcceptance } from '../agreements/acceptances';
import { AGREEMENT_NAME_MAX } from '../../../lib/shared/agreements';
import { allow } from './limits';
import { checkCode, sendCode } from './codes';
import { asksForEmail } from '../../../lib/shared/link-settings';
import { recordDenial, type DenialReason } from '../analytics/denials';

export type GateStep = 'email' | 'fields' | 'agreement' | 'password' | 'code';
export type GateError =
  | 'email_invalid'
  | 'field_invalid'
  | 'agreement_unchecked'
  | 'agreement_name'
  | 'password_wrong'
  | 'code_wrong'
  | 'code_expired'
  | 'rate_limited'
  | 'denied';

/** Whether anyone must give an email before the access decision. */
export function emailNeeded(link: ViewerLink): boolean {
  return asksForEmail({ ...link, groupDecides: link.audienceType === 'group' && !link.groupAllowAll });
}

type Progress = { email: string | null; fieldValues: Record<string, string | boolean | number> | null; passwordOk: boolean; verified: boolean; agreementKey: string | null };

/** The session's progress under the link's current access settings (other settings: password and code again). */
function progressOf(link: ViewerLink, s: ViewerSessionRow | null): Progress {
  if (!s) return { email: null, fieldValues: null, passwordOk: false, verified: false, agreementKey: null };
  const current = s.accessKey === accessKey(link);
  return { email: s.email, fieldValues: s.fieldValues, passwordOk: current && s.passwordOk, verified: current && s.verified, agreementKey: s.agreementKey };
}

/**
 * The session's agreement key while an earlier acceptance by its email waits for the email to be
 * proven: on a link that asks for the one-time code the step is not asked again, and the key
 * becomes the agreement's own once the code is verified. It never admits (admittedActor wants the
 * agreement's key), and on a link that stops asking for the code it no longer counts.
 */
const unprovenKey = (key: string) => `unproven:${key}`;

function agreementSettled(link: ViewerLink, p: Progress): boolean {
  const key = agreementKeyOf(link);
  if (!key) return true;
  return p.agreementKey === key || (link.emailAuthenticated && !p.verified && p.agreementKey === unprovenKey(key));
}

function pendingOf(link: ViewerLink, p: Progress): GateStep | null {
  if (emailNeeded(link) && !p.email) return 'email';
  if (link.customFields.length && !p.fieldValues) return 'fields';
  if (!agreementSettled(link, p)) return 'agreement';
  if (link.passwordHash && !p.passwordOk) return 'password';
  if (link.emailAuthenticated && !p.verified) return 'code';
  return null;
}

/** The gate the session must pass next; null when only the access decision is left (or it is admitted). */
export const pendingGate = (link: ViewerLink, s: ViewerSessionRow | null): GateStep | null => pendingOf(link, progressOf(link, s));

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/**
 * The access decision: every rule that applies must admit. The allow list (when not empty)
 * must name the email or its domain; the deny list must name neither; a group link admits an
 * explicit member of its group, an address of one of the group's domains, or anyone when the
 * group allows all. Domains match exactly.
 */
export async function accessAllowed(link: ViewerLink, email: string | null): Promise<boolean> {
  if (!emailNeeded(link)) return true;
  if (!email) return false;
  const domain = domainOf(email);
  if (link.allowList.length && !link.allowList.includes(email) && !link.allowList.includes(domain)) return false;
  if (link.denyList.includes(email) || link.denyList.includes(domain)) return false;
  if (link.audienceType === 'group') {
    if (link.groupAllowAll || link.groupDomains.includes(domain)) return true;
    if (!link.groupId) return false;
    const rows = await db.$queryRaw<unknown[]>`
      SELECT 1 FROM viewer_group_memberships m JOIN viewers v ON v.id = m.viewer_id
      WHERE m.group_id = ${link.groupId} AND v.team_id = ${link.teamId} AND v.email = ${email} LIMIT 1`;
    return rows.length > 0;
  }
  return true;
}

/** A custom field's answer, checked against its type; the value to store, or an error. */
export function fieldAnswer(f: CustomField, raw: string | undefined): { value?: string | number | boolean; error?: true } {
  const v = (raw ?? '').trim();
  if (f.type === 'checkbox') {
    const on = v === 'on' || v === 'true' || v === '1';
    if (f.required && !on) return { error: true };
    return { value: on };
  }
  if (!v) return f.required ? { error: true } : {};
  switch (f.type) {
    case 'text':
      return v.length <= 500 && !/[\u0000-\u001f\u007f]/.test(v) ? { value: v } : { error: true };
    case 'long_text':
      return v.length <= 5000 && !/\u0000/.test(v) ? { value: v } : { error: true };
    case 'email': {
      const r = emailSchema.safeParse(v);
      return r.success ? { value: r.data } : { error: true };
    }
    case 'number': {
      const n = Number(v);
      return /^-?\d+(\.\d+)?$/.test(v) && Number.isFinite(n) ? { value: n } : { error: true };
    }
    case 'phone':
      return /^\+?[0-9 ()./-]{4,32}$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 4 ? { value: v } : { error: true };
    case 'url': {
      try {
        const u = new URL(v);
        return /^https?:$/.test(u.protocol) && v.length <= 2048 ? { value: u.toString() } : { error: true };
      } catch {
        return { error: true };
      }
    }
    case 'select':
      return f.options?.includes(v) ? { value: v } : { error: true };
  }
  return { error: true };
}

/** The words of the code mail, in the viewer's language (given by the face). */


export type GateRequest = {
  step: string;
  form: Record<string, string>;
  /** The client's address (rate limits, the audit log). */
  address: string;
  userAgent?: string | null;
  codeMail: CodeMailTexts;
};

export type GateResult = {
  /** A session token to set as the cookie (a session was created). */
  newToken?: string;
  sessionExpiresAt?: Date;
  error?: GateError;
  /** The custom field that was refused. */
  field?: string;
  /** The address refused (error `denied`), for the visitor's own "Request access" form; it is not kept here. */
  refusedEmail?: string;
  admitted: boolean;
};

/** The refusals kept as access denials (a rate limit or a malformed answer is not one). */
const DENIED_BY: Partial<Record<GateError, DenialReason>> = {
  denied: 'not_allowed',
  password_wrong: 'wrong_password',
  code_wrong: 'wrong_code',
  code_expired: 'expired_code',
};

async function upsertVisitor(link: ViewerLink, email: string): Promise<string> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO viewers (id, team_id, email, verified, dataroom_id, created_at, updated_at)
    VALUES (${newId()}, ${link.teamId}, ${email}, false, ${link.dataroomId}, ${new Date()}, ${new Date()})
    ON CONFLICT (team_id, email) DO UPDATE SET email = EXCLUDED.email
    RETURNING id`;
  return rows[0]!.id;
}

/**
 * One gate form submitted (`step`: email, fields, password, code, resend, reset), or none (entering a
 * link with no gates). Creates the session when the browser has none, records the progress,
 * sends the one-time code when the code gate is reached, and admits the session once every gate
 * is passed and the access decision allows it.
 */
export async function submitGate(link: ViewerLink, session: ViewerSessionRow | null, req: GateRequest): Promise<GateResult> {
  const before = progressOf(link, session);
  const p: Progress = { ...before };
  const pendingBefore = pendingOf(link, before);
  let viewerId = session?.viewerId ?? null;
  let error: GateError | undefined;
  let field: string | undefined;
  let sendNow = false;
  let accepting: { name: string | null } | null = null;

  const step = req.step;
  if (step === 'email' && emailNeeded(link)) {
    const r = emailSchema.safeParse(req.form.email ?? '');
    if (!(await allow('email', `${link.id}:${req.address}`))) error = 'rate_limited';
    else if (!r.success) error = 'email_invalid';
    else if (r.data !== p.email) {
      // The visitor is made on admission: an address that is refused never becomes one.
      p.email = r.data;
      p.verified = false;
      p.agreementKey = null;
      viewerId = null;
    }
  } else if (step === 'fields' && link.customFields.length && pendingBefore !== 'email') {
    const values: Record<string, string | boolean | number> = {};
    for (const f of link.customFields) {
      const a = fieldAnswer(f, req.form[`field_${f.identifier}`]);
      if (a.error) {
        error = 'field_invalid';
        field = f.identifier;
        break;
      }
      if (a.value !== undefined) values[f.identifier] = a.value;
    }
    if (!error) p.fieldValues = values;
  } else if (step === 'agreement' && pendingBefore === 'agreement') {
    const name = String(req.form.name ?? '').trim().replace(/\s+/g, ' ');
    if (!['on', 'true', '1'].includes(req.form.agree ?? '')) error = 'agreement_unchecked';
    else if (link.agreementRequireName && (name.length < 2 || name.length > AGREEMENT_NAME_MAX || /[\u0000-\u001f\u007f]/.test(name))) error = 'agreement_name';
    else {
      accepting = { name: name || null };
      p.agreementKey = agreementKeyOf(link);
    }
  } else if (step === 'password' && link.passwordHash && pendingBefore === 'password') {
    if (!(await allow('password', `${link.id}:${req.address}`))) error = 'rate_limited';
    else if (await verifyPassword(String(req.form.password ?? '').slice(0, 1024), link.passwordHash)) p.passwordOk = true;
    else error = 'password_wrong';
  } else if (step === 'code' && pendingBefore === 'code' && p.email) {
    if (!(await allow('code_verify', `${link.id}:${p.email}`))) error = 'rate_limited';
    else {
      const r = await checkCode(link.id, p.email, String(req.form.code ?? '').replace(/\s+/g, '').slice(0, 16));
      if (r === 'ok') p.verified = true;
      else error = r === 'wrong' ? 'code_wrong' : 'code_expired';
    }
  } else if (step === 'resend' && pendingBefore === 'code') {
    sendNow = true;
  } else if (step === 'reset' && p.email) {
    // "Use another email": the address and what was proven or accepted for it are forgotten.
    p.email = null;
    p.verified = false;
    p.agreementKey = null;
    viewerId = null;
  }

  // Accepted before (on this link or another using the agreement) by this email: not asked again
  // when the session proves the email (now, or by the code this link asks for next) or accepted
  // it itself. An email merely typed is asked again, and its acceptance is recorded again.
  const currentAgreement = agreementKeyOf(link);
  if (currentAgreement && p.agreementKey !== currentAgreement && p.email && pendingOf(link, p) === 'agreement') {
    const earlier = await acceptedBefore(link, p.email, { id: session?.id ?? null, verified: p.verified });
    if (earlier === 'counts') p.agreementKey = currentAgreement;
    else if (earlier === 'unproven' && link.emailAuthenticated) p.agreementKey = unprovenKey(currentAgreement);
  }
  if (currentAgreement && p.verified && p.agreementKey === unprovenKey(currentAgreement)) p.agreementKey = currentAgreement;

  const pending = pendingOf(link, p);
  if (pending === 'code' && p.email && (pendingBefore !== 'code' || p.email !== before.email)) sendNow = true;
  if (sendNow && p.email) {
    const ok = (await allow('code_send', `${link.id}:${p.email}`)) && (await allow('code_send_address', req.address));
    // An address that may not enter is counted and answered like any other, but its code is never mailed.
    if (!ok) error ??= 'rate_limited';
    else await sendCode(link, p.email, req.codeMail, await accessAllowed(link, p.email));
  }

  let admitted = false;
  const triedEmail = p.email;
  if (pending === null && !error) {
    if (await accessAllowed(link, p.email)) {
      admitted = true;
      if (p.email) viewerId = await upsertVisitor(link, p.email);
    } else {
      // Refused: the email is forgotten so another may be tried; nothing says which rule refused.
      error = 'denied';
      p.email = null;
      p.verified = false;
      viewerId = null;
    }
  }
  const refusedEmail = error === 'denied' && triedEmail ? triedEmail : undefined;
  const reason = error ? DENIED_BY[error] : undefined;
  if (reason) await recordDenial(link, { email: triedEmail, reason, address: req.address, userAgent: req.userAgent ?? null });
  if (admitted && p.verified && viewerId) await db.viewer.update({ where: { id: viewerId }, data: { verified: true } });
  if (p.verified && !before.verified && p.email && viewerId) {
    const actor = {
      kind: 'viewer' as const,
      linkId: link.id,
      teamId: link.teamId,
      sessionId: session?.id ?? '',
      visitorId: viewerId,
      email: p.email,
      emailVerified: true,
      request: { ipAddress: req.address, userAgent: req.userAgent ?? null },
    };
    await db.$transaction(async (tx) => {
      await emit(tx, actor, { type: 'visitor.verified', object: await visitorObject(tx, link.teamId, viewerId!), dataroomId: link.dataroomId });
      // The agreement step comes before the code: what this session accepted under the address is proven now.
      if (session) await acceptancesProven(tx, link, session.id, p.email!);
    });
  }

  const data = {
    email: p.email,
    viewerId,
    fieldValues: p.fieldValues ?? undefined,
    passwordOk: p.passwordOk,
    verified: p.verified,
    accessKey: accessKey(link),
    admittedAt: admitted ? new Date() : null,
    agreementKey: p.agreementKey,
  };
  const changed =
    admitted ||
    !session ||
    data.email !== session.email ||
    JSON.stringify(p.fieldValues) !== JSON.stringify(session.fieldValues) ||
    p.passwordOk !== session.passwordOk ||
    p.verified !== session.verified ||
    p.agreementKey !== session.agreementKey ||
    session.accessKey !== data.accessKey ||
    session.admittedAt !== null;
  const accept = (sessionId: string) =>
    accepting
      ? recordAcceptance(link, { sessionId, email: p.email, emailVerified: p.verified, visitorId: viewerId, name: accepting.name, address: req.address, userAgent: req.userAgent ?? null })
      : null;
  if (session) {
    if (changed) await db.viewerSession.update({ where: { id: session.id }, data: { ...data, fieldValues: p.fieldValues ?? undefined } });
    await accept(session.id);
    return { error, field, refusedEmail, admitted };
  }
  // No session yet: one is made only once there is something to keep.
  const progressed = admitted || p.email !== null || p.fieldValues !== null || p.passwordOk || accepting !== null;
  if (!progressed) return { error, field, refusedEmail, admitted };
  // Every new session is a new visitor in the figures: one address may start only so many per link.
  if (!(await allow('session_new', `${link.id}:${req.address}`))) return { error: 'rate_limited', admitted: false };
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const sessionId = newId();
  await db.viewerSession.create({ data: { id: sessionId, linkId: link.id, tokenHash: hashSessionToken(token), expiresAt, ...data, fieldValues: p.fieldValues ?? undefined } });
  await accept(sessionId);
  return { newToken: token, sessionExpiresAt: expiresAt, error, field, refusedEmail, admitted };
}
