// The issuer's rows that can no longer matter: provider models a day past their expiry (an
// expired device code still answers `expired_token` for that day), and team records of grants
// whose provider Grant is gone (expired). Part of the sweep (server/jobs/sweep.ts).
import { pgTimestamp, sqlRows } from '../db/sql';

export async function sweepOAuthState(now = new Date()) {
  const dayAgo = pgTimestamp(now.getTime() - 24 * 3600_000);
  const models = await sqlRows<{ id: string }>('DELETE FROM oauth_models WHERE expires_at < $1 RETURNING id', [dayAgo]);
  const grants = await sqlRows<{ id: string }>(
    `DELETE FROM oauth_grants g WHERE NOT EXISTS (SELECT 1 FROM oauth_models m WHERE m.kind = 'Grant' AND m.id = g.id) RETURNING id`,
    [],
  );
  return { models: models.length, grants: grants.length };
}
