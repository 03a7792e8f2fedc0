// Passkeys (WebAuthn, @simplewebauthn/server) as a member's second factor: registering one from
// Settings → Security (or the setup a team requires), and proving one at the sign-in step. Each
// ceremony's challenge is kept on the session row that asked for it, for one use within 5 minutes.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { RequestInfo } from '../../auth/actor';
import { db } from '../../db/client';
import { ApiError, notFound } from '../../errors';
import { emitForMemberships, type SignedUser } from './two-factor';

const CHALLENGE_TTL_MS = 5 * 60_000;

/** The relying party is the dashboard's origin: its host name is the RP ID. */
export const relyingParty = (origin: string) => ({ origin, rpID: new URL(origin).hostname });

function sessionOf(user: SignedUser): string {
  if (!user.session) throw new ApiError('unauthorized', 'Sign in to continue.');
  return user.session.id;
}

async function keepChallenge(sessionId: string, challenge: string) {
  await db.session.update({ where: { id: sessionId }, data: { challenge, challengeAt: new Date() } });
}

/** The session's challenge, spent by reading it (one use). */
async function takeChallenge(sessionId: string): Promise<string> {
  const s = await db.session.findUnique({ where: { id: sessionId }, select: { challenge: true, challengeAt: true } });
  const spent = await db.session.updateMany({ where: { id: sessionId, challenge: s?.challenge ?? '' }, data: { challenge: null, challengeAt: null } });
  if (!s?.challenge || !spent.count || !s.challengeAt || Date.now() - s.challengeAt.getTime() > CHALLENGE_TTL_MS) {
    throw new ApiError('unprocessable_entity', 'The passkey request expired. Try again.', { field: 'response' });
  }
  return s.challenge;
}

export async function registrationOptions(user: SignedUser, origin: string) {
  const sessionId = sessionOf(user);
  const existing = await db.passkey.findMany({ where: { userId: user.id }, select: { id: true, transports: true } });
  const options = await generateRegistrationOptions({
    rpName: 'Quire',
    rpID: relyingParty(origin).rpID,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports as never })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await keepChallenge(sessionId, options.challenge);
  return options;
}

export async function registerPasskey(user: SignedUser, origin: string, input: { name: string; response: RegistrationResponseJSON }, request?: RequestInfo) {
  const sessionId = sessionOf(user);
  const expectedChallenge = await takeChallenge(sessionId);
  const rp = relyingParty(origin);
  let verified;
  try {
    verified = await verifyRegistrationResponse({ response: input.response, expectedChallenge, expectedOrigin: rp.origin, expectedRPID: rp.rpID, requireUserVerification: false });
  } catch (e) {
    throw new ApiError('unprocessable_entity', `The passkey could not be verified: ${(e as Error).message}`, { field: 'response' });
  }
  if (!verified.verified) throw new ApiError('unprocessable_entity', 'The passkey could not be verified.', { field: 'response' });
  const { credential } = verified.registrationInfo;
  return db.$transaction(async (tx) => {
    const before = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { totpEnabledAt: true, _count: { select: { passkeys: true } } } });
    const row = await tx.passkey.create({
      data: { id: credential.id, userId: user.id, name: input.name, publicKey: Buffer.from(credential.publicKey), counter: BigInt(credential.counter), transports: credential.transports ?? [] },
    });
    // The member just proved the passkey in this session.
    await tx.session.updateMany({ where: { id: sessionId }, data: { twoFactorVerified: true } });
    if (!before.totpEnabledAt && before._count.passkeys === 0) {
      await tx.session.updateMany({ where: { userId: user.id, id: { not: sessionId } }, data: { twoFactorVerified: false } });
      await emitForMemberships(tx, user.id, request, 'member.two_factor_enabled', { two_factor_method: 'passkey' });
    }
    return { id: row.id, object: 'passkey' as const, name: row.name, created: row.createdAt.toISOString(), last_used_at: null };
  });
}

export async function authenticationOptions(user: SignedUser, origin: string) {
  const sessionId = sessionOf(user);
  const keys = await db.passkey.findMany({ where: { userId: user.id }, select: { id: true, transports: true } });
  if (!keys.length) throw new ApiError('unprocessable_entity', 'You have no passkey. Use your authenticator app or a recovery code.');
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(origin).rpID,
    allowCredentials: keys.map((k) => ({ id: k.id, transports: k.transports as never })),
    userVerification: 'preferred',
  });
  await keepChallenge(sessionId, options.challenge);
  return options;
}

/** Checks a passkey assertion against the session's challenge (spent): the key and its new counter. */
async function assertPasskey(user: SignedUser, origin: string, response: AuthenticationResponseJSON) {
  const sessionId = sessionOf(user);
  const expectedChallenge = await takeChallenge(sessionId);
  const key = await db.passkey.findFirst({ where: { id: response.id, userId: user.id } });
  if (!key) throw new ApiError('unprocessable_entity', 'That passkey is not one of yours.', { field: 'response' });
  const rp = relyingParty(origin);
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: { id: key.id, publicKey: new Uint8Array(key.publicKey), counter: Number(key.counter), transports: key.transports },
      requireUserVerification: false,
    });
  } catch (e) {
    throw new ApiError('unprocessable_entity', `The passkey could not be verified: ${(e as Error).message}`, { field: 'response' });
  }
  if (!result.verified) throw new ApiError('unprocessable_entity', 'The passkey could not be verified.', { field: 'response' });
  return { sessionId, key, used: { counter: BigInt(result.authenticationInfo.newCounter), lastUsedAt: new Date() } };
}

/** The sign-in step with a passkey: verifies it, marks the session, and records the sign-in. */
export async function verifyPasskey(user: SignedUser, origin: string, response: AuthenticationResponseJSON, request?: RequestInfo) {
  const { sessionId, key, used } = await assertPasskey(user, origin, response);
  return db.$transaction(async (tx) => {
    await tx.passkey.update({ where: { id: key.id }, data: used });
    await tx.session.update({ where: { id: sessionId }, data: { twoFactorVerified: true } });
    await emitForMemberships(tx, user.id, request, 'member.signed_in', { method: 'passkey' });
    return { verified: true as const, method: 'passkey' as const };
  });
}

/**
 * Removes one of the member's passkeys. Removing the last second factor turns two-factor off, and
 * that asks for proof as turning the authenticator app off asks for a code: an assertion of one of
 * the member's passkeys, made for this request (`authenticationOptions` first).
 */
export async function removePasskey(user: SignedUser, origin: string, id: string, response?: AuthenticationResponseJSON, request?: RequestInfo) {
  const own = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { totpEnabledAt: true, passkeys: { select: { id: true } } } });
  if (!own.passkeys.some((p) => p.id === id)) throw notFound('Passkey');
  const last = !own.totpEnabledAt && own.passkeys.length === 1;
  if (last && !response)
    throw new ApiError('unprocessable_entity', 'Removing your last passkey turns two-factor authentication off: confirm with the passkey first.', { field: 'response' });
  const proof = last ? await assertPasskey(user, origin, response!) : null;
  return db.$transaction(async (tx) => {
    const { count } = await tx.passkey.deleteMany({ where: { id, userId: user.id } });
    if (!count) throw notFound('Passkey');
    if (proof && proof.key.id !== id) await tx.passkey.updateMany({ where: { id: proof.key.id }, data: proof.used });
    const left = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { totpEnabledAt: true, _count: { select: { passkeys: true } } } });
    if (!left.totpEnabledAt && left._count.passkeys === 0) await emitForMemberships(tx, user.id, request, 'member.two_factor_disabled', { two_factor_method: 'passkey' });
    return { id, object: 'passkey' as const, deleted: true as const };
  });
}
