// SCIM bearer tokens: quire_scim_ + 40 base62 characters (12 public lookup characters, 28
// secret). Only a salted SHA-256 of the whole token is kept; one active token per team (making a
// new one revokes the previous, so a leaked token is retired by making another).
import crypto from 'node:crypto';
import { db, type Tx } from '../db/client';
import { BASE62, newId, randomString } from '../ids';
import { planName } from './actor';
import type { PlanName } from '../../lib/shared/plans';

export const SCIM_TOKEN_PREFIX = 'quire_scim_';
const TOKEN_RE = /^quire_scim_([0-9A-Za-z]{12})([0-9A-Za-z]{28})$/;

const hashOf = (salt: string, token: string) => crypto.createHash('sha256').update(salt).update(token).digest('hex');

export type ScimTokenView = { id: string; object: 'scim_token'; last4: string; created: string; last_used_at: string | null };

export const toScimToken = (t: { id: string; last4: string; createdAt: Date; lastUsedAt: Date | null }): ScimTokenView => ({
  id: t.id,
  object: 'scim_token',
  last4: t.last4,
  created: t.createdAt.toISOString(),
  last_used_at: t.lastUsedAt?.toISOString() ?? null,
});

/** Revokes the team's active token and mints a new one, in the caller's transaction. */
export async function mintScimToken(tx: Tx, teamId: string, createdById: string | null) {
  await tx.scimToken.updateMany({ where: { teamId, revokedAt: null }, data: { revokedAt: new Date() } });
  const token = SCIM_TOKEN_PREFIX + randomString(BASE62, 40);
  const [, publicId] = TOKEN_RE.exec(token)!;
  const salt = crypto.randomBytes(16).toString('hex');
  const row = await tx.scimToken.create({
    data: { id: newId(), teamId, publicId, salt, hash: hashOf(salt, token), last4: token.slice(-4), createdById },
  });
  return { token, row };
}

export async function activeScimToken(teamId: string): Promise<ScimTokenView | null> {
  const t = await db.scimToken.findFirst({ where: { teamId, revokedAt: null }, orderBy: { createdAt: 'desc' } });
  return t ? toScimToken(t) : null;
}

export async function revokeScimTokens(tx: Tx, teamId: string): Promise<number> {
  return (await tx.scimToken.updateMany({ where: { teamId, revokedAt: null }, data: { revokedAt: new Date() } })).count;
}

export type ScimTeam = { teamId: string; plan: PlanName; tokenId: string };

const TOUCH_EVERY_MS = 60_000;

/** The team a SCIM bearer acts for, or null when it is malformed, unknown or revoked. */
export async function authenticateScimToken(token: string | null): Promise<ScimTeam | null> {
  const m = token ? TOKEN_RE.exec(token) : null;
  if (!m) return null;
  const row = await db.scimToken.findUnique({ where: { publicId: m[1] }, include: { team: { select: { plan: true } } } });
  if (!row || row.revokedAt) return null;
  const expected = Buffer.from(row.hash, 'hex');
  const actual = Buffer.from(hashOf(row.salt, token!), 'hex');
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db.scimToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } }).catch(() => {});
  }
  return { teamId: row.teamId, plan: planName(row.team.plan), tokenId: row.id };
}
