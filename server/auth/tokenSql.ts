// The statements of bearer authentication (every /v1 request), sent as plain SQL. The
// benchmark's bare baseline sends these same strings.

export const TOKEN_LOOKUP_SQL =
  'SELECT id, team_id AS "teamId", salt, hash, scopes, revoked_at AS "revokedAt", last_used_at AS "lastUsedAt" ' +
  'FROM api_tokens WHERE public_id = $1';

/** Params: now (UTC timestamp text), token id. */
export const TOKEN_TOUCH_SQL = 'UPDATE api_tokens SET last_used_at = $1 WHERE id = $2';
