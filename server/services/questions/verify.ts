// The one-time code a visitor passes before asking, on a link that let them in without one
// (email given but not verified): the same codes, limits and event as the link's own code gate
// (services/visitor/codes.ts), asked for from the Q&A panel. A verified session stays verified
// for the rest of its life; the visitor record is marked verified too.
import type { CodeMailTexts as CodeMail } from '../visitor/codes';
import type { ViewerActor } from '../../auth/actor';
import { db } from '../../db/client';
import { ApiError } from '../../errors';
import { emit } from '../events/emit';
import { acceptancesProven } from '../agreements/acceptances';
import { checkCode, sendCode } from '../visitor/codes';
import { allow, retryAfterSeconds } from '../visitor/limits';
import type { ViewerLink, ViewerSessionRow } from '../visitor/links';
import { visitorObject } from '../visitors';



function asker(actor: ViewerActor) {
  if (!actor.email || !actor.visitorId) throw new ApiError('forbidden', 'This link does not ask for an email address, so it cannot take questions.');
  return { email: actor.email.toLowerCase(), visitorId: actor.visitorId };
}

const tooMany = (kind: 'code_send' | 'code_verify') =>
  new ApiError('rate_limit_exceeded', 'Too many attempts. Wait a few minutes and try again.', { retry_after_seconds: retryAfterSeconds(kind) });

/** Mails a code to the session's email (nothing when it is already verified). */
export async function sendAskCode(link: ViewerLink, actor: ViewerActor, session: ViewerSessionRow | null, address: string, mail: CodeMail) {
  const { email } = asker(actor);
  if (session?.verified) return { sent: false, email };
  if (!(await allow('code_send', `${link.id}:${email}`)) || !(await allow('code_send_address', address))) throw tooMany('code_send');
  await sendCode(link, email, mail);
  return { sent: true, email };
}

/** Checks the code; right, the session (and the visitor) are verified and `visitor.verified` is recorded. */
export async function verifyAskCode(link: ViewerLink, actor: ViewerActor, session: ViewerSessionRow | null, code: string) {
  const { email, visitorId } = asker(actor);
  if (!session) throw new ApiError('forbidden', 'Open the link first.');
  if (session.verified) return { verified: true };
  if (!(await allow('code_verify', `${link.id}:${email}`))) throw tooMany('code_verify');
  const r = await checkCode(link.id, email, code.replace(/\s+/g, '').slice(0, 16));
  if (r !== 'ok') {
    throw new ApiError('unprocessable_entity', r === 'wrong' ? 'That code is not right. Check the email and try again.' : 'That code has expired. Send a new one.', {
      fieldErrors: { code: [r === 'wrong' ? 'wrong' : 'expired'] },
      formErrors: [],
    });
  }
  await db.$transaction(async (tx) => {
    await tx.viewerSession.update({ where: { id: session.id }, data: { verified: true } });
    await tx.viewer.update({ where: { id: visitorId }, data: { verified: true } });
    await emit(tx, { ...actor, emailVerified: true }, { type: 'visitor.verified', object: await visitorObject(tx, link.teamId, visitorId), dataroomId: link.dataroomId });
    await acceptancesProven(tx, link, session.id, email);
  });
  return { verified: true };
}
