// The statements of bearer authentication (every /v1 request), sent as plain SQL. The
// benchmark's bare baseline sends these same strings.

export const TOKEN_LOOKUP_SQL =
  'SELECT k.id, k.team_id AS "teamId", k.salt, k.hash, k.scopes, k.revoked_at AS "revokedAt", ' +
  'k.last_used_at AS "lastUsedAt", t.plan::text AS plan, t.ip_allow_list AS "ipAllowList" ' +
  'FROM api_tokens k JOIN teams t ON t.id = k.team_id WHERE k.public_id = $1';

/** Params: now (UTC timestamp text), token id. */
export const TOKEN_TOUCH_SQL = 'UPDATE api_tokens SET last_used_at = $1 WHERE id = $2';
