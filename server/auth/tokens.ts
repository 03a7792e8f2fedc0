// Dashboard API tokens: quire_live_ + 40 base62 characters. The first 12 characters are a public
// lookup id; only a salted SHA-256 of the whole token is stored.
import crypto from 'node:crypto';
import type { Tx } from '../db/client';
import { pgTimestamp, sqlRows } from '../db/sql';
import { TOKEN_LOOKUP_SQL, TOKEN_TOUCH_SQL } from './token-sql';
import { BASE62, newId, randomString } from '../ids';
import { planName, type TokenActor } from './actor';
import { expandScopes } from '../../lib/shared/scopes';
import { authenticateOAuthToken } from './oauth-tokens';

export type { TokenActor };

export const TOKEN_PREFIX = 'quire_live_';
const TOKEN_RE = /^quire_live_([0-9A-Za-z]{12})([0-9A-Za-z]{28})$/;

const tokenDigest = (salt: string, token: string) => crypto.createHash('sha256').update(salt).update(token).digest();
const hashToken = (salt: string, token: string) => tokenDigest(salt, token).toString('hex');

export async function mintToken(
  tx: Tx,
  o: { teamId: string; name: string; scopes: string[]; createdById?: string | null },
) {
  const token = TOKEN_PREFIX + randomString(BASE62, 40);
  const [, publicId] = TOKEN_RE.exec(token)!;
  const salt = crypto.randomBytes(16).toString('hex');
  const row = await tx.apiToken.create({
    data: {
      id: newId(),
      teamId: o.teamId,
      name: o.name,
      publicId,
      salt,
      hash: hashToken(salt, token),
      last4: token.slice(-4),
      scopes: o.scopes,
      createdById: o.createdById ?? null,
    },
  });
  return { token, row };
}

type TokenRow = {
  id: string;
  teamId: string;
  salt: string;
  hash: string;
  scopes: string[];
  revokedAt: string | null;
  lastUsedAt: string | null;
  plan: string;
  ipAllowList: string[] | null;
};


const LAST_USED_GRANULARITY_MS = 60_000;

/** The actor behind a bearer token, or null when the token is malformed, unknown or revoked. */
export async function authenticateToken(token: string): Promise<TokenActor | null> {
  const m = TOKEN_RE.exec(token);
  if (!m) return null;
  // Plain SQL on the pool: this runs on every /v1 request.
  const [row] = await sqlRows<TokenRow>(TOKEN_LOOKUP_SQL, [m[1]], { prepare: true });
  if (!row || row.revokedAt) return null;
  const expected = Buffer.from(row.hash, 'hex');
  const actual = tokenDigest(row.salt, token);
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) return null;
  // Last-used is kept to the minute, so a busy token does not write on every request.
  const now = Date.now();
  if (!row.lastUsedAt || now - Date.parse(row.lastUsedAt) > LAST_USED_GRANULARITY_MS) {
    await sqlRows(TOKEN_TOUCH_SQL, [pgTimestamp(now), row.id], { prepare: true }).catch(() => {});
  }
  return {
    kind: 'token',
    via: 'dashboard',
    teamId: row.teamId,
    tokenId: row.id,
    scopes: expandScopes(row.scopes),
    granted: row.scopes,
    plan: planName(row.plan),
    userId: null,
    expiresAt: null,
    ipAllowList: row.ipAllowList ?? [],
  };
}

/** The actor behind any bearer: a dashboard token by its prefix, else an OAuth access token. */
export function authenticateBearer(token: string): Promise<TokenActor | null> {
  return TOKEN_RE.test(token) ? authenticateToken(token) : authenticateOAuthToken(token);
}

/** `Authorization: Bearer <token>`, scheme word case-insensitive. */
export function bearerFrom(header: string | null): string | null {
  if (!header) return null;
  const m = /^bearer[ ]+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}
