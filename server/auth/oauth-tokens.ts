// OAuth access tokens on /v1 (issued by server/oauth): one indexed read by the token's hash,
// joined with the grant's team record and the user's membership, so a revoked grant, a removed
// member or an expired token is refused on the very next request (no cache).
import crypto from 'node:crypto';
import { pgTimestamp, sqlRows } from '../db/sql';
import { planName, type TokenActor } from './actor';
import { expandScopes } from '../../lib/shared/scopes';

/** oidc-provider's opaque tokens: 256 random bits, base64url (43 characters). */
const OAUTH_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export const OAUTH_TOKEN_LOOKUP_SQL =
  'SELECT g.id AS "grantId", g.team_id AS "teamId", g.user_id AS "userId", m.payload->>\'scope\' AS scope, ' +
  'm.expires_at AS "expiresAt", g.last_used_at AS "lastUsedAt", t.plan::text AS plan, t.ip_allow_list AS "ipAllowList" ' +
  'FROM oauth_models m JOIN oauth_grants g ON g.id = m.grant_id ' +
  'JOIN team_members tm ON tm.team_id = g.team_id AND tm.user_id = g.user_id ' +
  'JOIN teams t ON t.id = g.team_id ' +
  "WHERE m.id = $1 AND m.kind = 'AccessToken' AND m.expires_at > $2";

const OAUTH_TOUCH_SQL = 'UPDATE oauth_grants SET last_used_at = $1 WHERE id = $2';
const LAST_USED_GRANULARITY_MS = 60_000;

type Row = { grantId: string; teamId: string; userId: string; scope: string | null; expiresAt: string; lastUsedAt: string | null; plan: string; ipAllowList: string[] | null };

export async function authenticateOAuthToken(token: string): Promise<TokenActor | null> {
  if (!OAUTH_TOKEN_RE.test(token)) return null;
  const now = Date.now();
  const hash = crypto.createHash('sha256').update(token).digest('hex');
  const [row] = await sqlRows<Row>(OAUTH_TOKEN_LOOKUP_SQL, [hash, pgTimestamp(now)], { prepare: true });
  if (!row) return null;
  if (!row.lastUsedAt || now - Date.parse(row.lastUsedAt) > LAST_USED_GRANULARITY_MS) {
    await sqlRows(OAUTH_TOUCH_SQL, [pgTimestamp(now), row.grantId], { prepare: true }).catch(() => {});
  }
  const granted = (row.scope ?? '').split(' ').filter(Boolean);
  return {
    kind: 'token',
    via: 'oauth',
    teamId: row.teamId,
    // The grant's budget: refreshing the token does not reset it.
    tokenId: `oauth:${row.grantId}`,
    scopes: expandScopes(granted),
    granted,
    plan: planName(row.plan),
    userId: row.userId,
    expiresAt: Date.parse(row.expiresAt),
    ipAllowList: row.ipAllowList ?? [],
  };
}
