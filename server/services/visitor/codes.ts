// One-time codes for email-authenticated links (docs/decisions.md, "Viewer"): six digits from
// crypto.randomInt, stored as an HMAC of (link, email, code) under the server secret, valid 10
// minutes, one live code per (link, email) (a new one replaces it), at most 5 attempts counted
// by one atomic UPDATE ... RETURNING, compared in constant time, consumed atomically.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { queueMail } from '../../auth/mail-queue';
import { fill } from '../../../lib/shared/viewer-words';
import { db } from '../../db/client';
import { pgTimestamp } from '../../db/sql';
import { newId } from '../../ids';
import { appSecret } from '../../storage/config';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_ATTEMPTS = 5;

const hmac = (linkId: string, email: string, code: string) =>
  createHmac('sha256', `viewer-code:${appSecret()}`).update(`${linkId}\n${email}\n${code}`).digest('base64url');

/**
 * Makes the (link, email)'s new code, replacing any earlier one, and mails it after the answer
 * when `deliver` (the address may enter). An address that may not enter gets a code row too, never
 * mailed: its guesses are "wrong" like anyone's, its step answers as fast, so nothing tells it apart.
 */
/** The code mail in the visitor's language: data, with `{code}` where the code goes. */
export const codeMailTexts = z.object({ subject: z.string().max(500), body: z.string().max(5000) });
export type CodeMailTexts = z.infer<typeof codeMailTexts>;

export async function sendCode(link: { id: string; name: string | null }, email: string, lang: CodeMailTexts, deliver = true) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(Date.now() + CODE_TTL_MS);
  const codeHmac = hmac(link.id, email, code);
  await db.viewerCode.upsert({
    where: { linkId_email: { linkId: link.id, email } },
    create: { id: newId(), linkId: link.id, email, codeHmac, expiresAt },
    update: { codeHmac, expiresAt, attempts: 0, consumedAt: null, createdAt: new Date() },
  });
  if (deliver) await queueMail(db, { notice: { to: email, kind: 'one-time code', subject: lang.subject, text: fill(lang.body, { code }), logValue: code } });
}

export type CodeCheck = 'ok' | 'wrong' | 'expired';

/**
 * Tries `code` for (link, email). Each try uses one of the code's attempts in one atomic
 * statement, so concurrent guesses can never use more than 5; a right code is consumed once.
 * `expired`: no live code (never sent, expired, used up or already consumed).
 */
export async function checkCode(linkId: string, email: string, code: string): Promise<CodeCheck> {
  const now = new Date();
  const rows = await db.$queryRaw<{ id: string; codeHmac: string }[]>`
    UPDATE viewer_codes SET attempts = attempts + 1
    WHERE link_id = ${linkId} AND email = ${email} AND consumed_at IS NULL AND expires_at > ${pgTimestamp(now.getTime())}::timestamp AND attempts < ${CODE_ATTEMPTS}
    RETURNING id, code_hmac AS "codeHmac"`;
  const row = rows[0];
  if (!row) return 'expired';
  const want = Buffer.from(row.codeHmac);
  const got = Buffer.from(hmac(linkId, email, /^\d{6}$/.test(code) ? code : 'invalid'));
  if (want.length !== got.length || !timingSafeEqual(want, got)) return 'wrong';
  const consumed = await db.viewerCode.updateMany({ where: { id: row.id, consumedAt: null }, data: { consumedAt: now } });
  return consumed.count === 1 ? 'ok' : 'expired';
}
