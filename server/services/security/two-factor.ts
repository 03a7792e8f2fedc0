// Two-factor for team members (DESIGN.md "Team security"): an authenticator app (TOTP, otplib)
// with ten one-use recovery codes shown once and kept as HMACs, and passkeys (passkeys.ts). The
// sign-in step proves one of them and marks the session `two_factor_verified`; guesses are
// limited per user. Turning the app off needs a current code.
import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { db, type Tx } from '../../db/client';
import { ApiError, conflict } from '../../errors';
import { newId, randomString } from '../../ids';
import { sealer } from '../../lib/sealed';
import { namedLimiter, retryAfterSeconds } from '../../ratelimit';
import { appSecret } from '../../storage/config';
import { emit } from '../events/emit';
import { memberEventObject } from '../member-object';
import type { RequestInfo } from '../../auth/actor';

export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes one user may try in the window before the step refuses (whatever the session). */
const GUESSES = { limit: 10, windowMs: 15 * 60_000 };

const secrets = sealer('quire-totp', 'totp secret v1');

export type SignedUser = { id: string; email: string; session?: { id: string } };

export type TwoFactorStatus = {
  object: 'two_factor';
  enabled: boolean;
  totp_enabled: boolean;
  totp_enabled_at: string | null;
  recovery_codes_left: number;
  passkeys: { id: string; name: string; created: string; last_used_at: string | null }[];
};

export async function twoFactorStatus(userId: string): Promise<TwoFactorStatus> {
  const u = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { totpEnabledAt: true, passkeys: { orderBy: { createdAt: 'asc' } }, _count: { select: { recoveryCodes: { where: { usedAt: null } } } } },
  });
  return {
    object: 'two_factor',
    enabled: !!u.totpEnabledAt || u.passkeys.length > 0,
    totp_enabled: !!u.totpEnabledAt,
    totp_enabled_at: u.totpEnabledAt?.toISOString() ?? null,
    recovery_codes_left: u.totpEnabledAt ? u._count.recoveryCodes : 0,
    passkeys: u.passkeys.map((p) => ({ id: p.id, name: p.name, created: p.createdAt.toISOString(), last_used_at: p.lastUsedAt?.toISOString() ?? null })),
  };
}

/** A new key for the authenticator app, waiting for its first code: the key, its otpauth URL and a QR code of it. */
export async function beginTotp(user: SignedUser) {
  const u = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { totpEnabledAt: true } });
  if (u.totpEnabledAt) throw conflict('An authenticator app is already set up; turn it off first to set up another.');
  const secret = generateSecret();
  await db.user.update({ where: { id: user.id }, data: { totpPendingSecret: secrets.seal(secret) } });
  const uri = generateURI({ issuer: 'Quire', label: user.email, secret });
  return { secret, otpauth_url: uri, qr_code: await QRCode.toDataURL(uri, { margin: 1, width: 220, errorCorrectionLevel: 'M' }) };
}

const codeShape = (code: string) => code.replace(/\s+/g, '');

async function checkTotp(sealed: string, code: string, afterTimeStep: number | null): Promise<number | null> {
  const token = codeShape(code);
  if (!/^\d{6}$/.test(token)) return null;
  // One step either side for clock drift; a code already used (its step or an earlier one) is refused.
  const r = await verify({ secret: secrets.open(sealed), token, epochTolerance: 30, ...(afterTimeStep !== null && { afterTimeStep }) });
  return r.valid && 'timeStep' in r ? r.timeStep : null;
}

/** Counts a guess at a code; too many in the window is 429 until it passes. */
async function countGuess(userId: string) {
  const r = await namedLimiter('quire:two-factor', GUESSES.limit, GUESSES.windowMs).limit(`user:${userId}`);
  if (!r.success) {
    const retry = retryAfterSeconds(r.reset);
    throw new ApiError('rate_limit_exceeded', `Too many codes tried. Try again in ${Math.ceil(retry / 60)} minutes.`, { retry_after_seconds: retry });
  }
}

const recoveryKey = () => crypto.hkdfSync('sha256', appSecret(), 'quire-recovery-codes', 'recovery code v1', 32);
const hashRecovery = (code: string) => crypto.createHmac('sha256', Buffer.from(recoveryKey())).update(code.toLowerCase().replace(/[^a-z0-9]/g, '')).digest('hex');

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function recoveryCode(): string {
  const s = randomString(ALPHABET, 10);
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

async function replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({ data: codes.map((c) => ({ id: newId(), userId, hash: hashRecovery(c) })) });
  return codes;
}

/** One event per team of the user (each team's audit log sees its member's change). */
export async function emitForMemberships(tx: Tx, userId: string, request: RequestInfo | undefined, type: 'member.two_factor_enabled' | 'member.two_factor_disabled' | 'member.signed_in', extra: Record<string, unknown>) {
  const memberships = await tx.teamMember.findMany({ where: { userId }, select: { id: true, teamId: true } });
  for (const m of memberships) {
    const object = { ...(await memberEventObject(tx, m.id)), ...extra };
    await emit(tx, { kind: 'user', userId, teamId: m.teamId, request }, { type, object });
  }
}

/** The first code from the app confirms the key: two-factor is on, this session counts as verified, and the recovery codes are shown (once). */
export async function confirmTotp(user: SignedUser, code: string, request?: RequestInfo) {
  await countGuess(user.id);
  const u = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { totpPendingSecret: true, totpEnabledAt: true } });
  if (u.totpEnabledAt) throw conflict('An authenticator app is already set up.');
  if (!u.totpPendingSecret) throw new ApiError('unprocessable_entity', 'Start the setup again: no key is waiting for a code.', { field: 'code' });
  const step = await checkTotp(u.totpPendingSecret, code, null);
  if (step === null) throw new ApiError('unprocessable_entity', 'That code is not right. Enter the 6-digit code your app shows now.', { field: 'code' });
  return db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: user.id },
      data: { totpSecret: u.totpPendingSecret, totpPendingSecret: null, totpEnabledAt: new Date(), totpLastStep: step },
    });
    const codes = await replaceRecoveryCodes(tx, user.id);
    // Other sessions signed in before two-factor existed owe it from their next request.
    await tx.session.updateMany({ where: { userId: user.id }, data: { twoFactorVerified: false } });
    if (user.session) await tx.session.updateMany({ where: { id: user.session.id }, data: { twoFactorVerified: true } });
    await emitForMemberships(tx, user.id, request, 'member.two_factor_enabled', { two_factor_method: 'totp' });
    return { recovery_codes: codes };
  });
}

/**
 * A current code (from the app, or a recovery code) proves the user: true when it did. A
 * recovery code is spent; an app code's step is remembered so it cannot be replayed.
 */
async function proveWithCode(tx: Tx, userId: string, input: { code?: string; recovery_code?: string }): Promise<'totp' | 'recovery_code' | null> {
  const u = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { totpSecret: true, totpLastStep: true } });
  if (input.code && u.totpSecret) {
    const step = await checkTotp(u.totpSecret, input.code, u.totpLastStep);
    if (step === null) return null;
    // Compare-and-set: two requests racing with the same code, only one wins.
    const won = await tx.user.updateMany({ where: { id: userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] }, data: { totpLastStep: step } });
    return won.count ? 'totp' : null;
  }
  if (input.recovery_code) {
    const spent = await tx.recoveryCode.updateMany({ where: { userId, hash: hashRecovery(input.recovery_code), usedAt: null }, data: { usedAt: new Date() } });
    return spent.count ? 'recovery_code' : null;
  }
  return null;
}

const wrongCode = () => new ApiError('unprocessable_entity', 'That code is not right. Try the current code from your app, or one of your recovery codes.', { field: 'code' });

/** The sign-in step: a code from the app or a recovery code marks this session verified. */
export async function verifySignIn(user: SignedUser, input: { code?: string; recovery_code?: string }) {
  if (!user.session) throw new ApiError('unauthorized', 'Sign in to continue.');
  await countGuess(user.id);
  return db.$transaction(async (tx) => {
    const how = await proveWithCode(tx, user.id, input);
    if (!how) throw wrongCode();
    await tx.session.update({ where: { id: user.session!.id }, data: { twoFactorVerified: true } });
    const left = await tx.recoveryCode.count({ where: { userId: user.id, usedAt: null } });
    return { verified: true as const, method: how, recovery_codes_left: left };
  });
}

/** Turning the authenticator app off needs a current code (or a recovery code). */
export async function disableTotp(user: SignedUser, input: { code?: string; recovery_code?: string }, request?: RequestInfo) {
  await countGuess(user.id);
  return db.$transaction(async (tx) => {
    const u = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { totpEnabledAt: true } });
    if (!u.totpEnabledAt) throw conflict('No authenticator app is set up.');
    if (!(await proveWithCode(tx, user.id, input))) throw wrongCode();
    await tx.user.update({ where: { id: user.id }, data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null } });
    await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    await emitForMemberships(tx, user.id, request, 'member.two_factor_disabled', { two_factor_method: 'totp' });
    return twoFactorStatusIn(tx, user.id);
  });
}

/** Ten new recovery codes (the old ones stop working), for a current code. */
export async function regenerateRecoveryCodes(user: SignedUser, input: { code?: string }) {
  await countGuess(user.id);
  return db.$transaction(async (tx) => {
    if (!(await proveWithCode(tx, user.id, { code: input.code }))) throw wrongCode();
    return { recovery_codes: await replaceRecoveryCodes(tx, user.id) };
  });
}

async function twoFactorStatusIn(tx: Tx, userId: string) {
  const u = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { totpEnabledAt: true, _count: { select: { passkeys: true } } } });
  return { object: 'two_factor' as const, enabled: !!u.totpEnabledAt || u._count.passkeys > 0, totp_enabled: !!u.totpEnabledAt };
}

