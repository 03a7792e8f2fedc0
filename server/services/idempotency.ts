// The rows behind the Idempotency-Key of /v1 POSTs (the face's rules: server/rest/idempotency.ts).
// A key is claimed with one INSERT ... ON CONFLICT DO NOTHING, so of any number of concurrent
// requests with one key exactly one runs, on PostgreSQL and on embedded PGlite alike; the claim
// then either stores the answer (done) or removes the row (released). Plain SQL on the shared
// pool: the claim and its answer are two single statements, outside any transaction.
import { sealer } from '../lib/sealed';
import crypto from 'node:crypto';
import { pgTimestamp, sqlRows } from '../db/sql';

/** The longest key accepted (printable ASCII characters). */
export const IDEMPOTENCY_KEY_MAX = 255;

/** How long an answer is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

/** A running claim older than this is taken to be abandoned (its process died) and may be taken over. */
export const IDEMPOTENCY_ABANDONED_MS = 60_000;

// Kept answers are sealed: some hold a secret shown once (a webhook endpoint's, a rotated one).
const answers = sealer('quire-idempotency', 'stored-answer');

export type StoredAnswer = { status: number; body: string };

export type Claim =
  /** This request runs; finish or release the claim with its id. */
  | { kind: 'claimed'; claimId: string }
  /** The key was first used for another method, path or body. */
  | { kind: 'mismatch' }
  /** The first request with the key is still running. */
  | { kind: 'running' }
  | { kind: 'done'; answer: StoredAnswer };

type Row = { request_hash: string; status: string; response_status: number | null; response_body: string | null; created_at: string; expires_at: string };

const ms = (iso: string) => Date.parse(iso);

/**
 * Claims `key` of `teamId` for a request with fingerprint `hash`, or says what the key already
 * holds. An expired row, or a running one abandoned for IDEMPOTENCY_ABANDONED_MS with the same
 * fingerprint, is taken over by a conditional UPDATE that only one claimer can win.
 */
export async function claimIdempotencyKey(teamId: string, key: string, hash: string, now = Date.now()): Promise<Claim> {
  const claimId = crypto.randomUUID();
  const started = pgTimestamp(now);
  const expires = pgTimestamp(now + IDEMPOTENCY_TTL_MS);
  // A row removed (released, swept) between the INSERT and the SELECT: claim again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await sqlRows<{ claim_id: string }>(
      `INSERT INTO idempotency_keys (team_id, key, request_hash, status, claim_id, created_at, expires_at)
       VALUES ($1, $2, $3, 'running', $4, $5, $6) ON CONFLICT (team_id, key) DO NOTHING RETURNING claim_id`,
      [teamId, key, hash, claimId, started, expires],
      { name: 'idem_claim' },
    );
    if (inserted.length) return { kind: 'claimed', claimId };
    const [row] = await sqlRows<Row>(
      `SELECT request_hash, status, response_status, response_body, created_at, expires_at
       FROM idempotency_keys WHERE team_id = $1 AND key = $2`,
      [teamId, key],
      { name: 'idem_read' },
    );
    if (!row) continue;
    const expired = ms(row.expires_at) <= now;
    if (!expired && row.request_hash !== hash) return { kind: 'mismatch' };
    const abandoned = row.status === 'running' && ms(row.created_at) <= now - IDEMPOTENCY_ABANDONED_MS;
    if (expired || abandoned) {
      const taken = await sqlRows<{ claim_id: string }>(
        `UPDATE idempotency_keys
         SET request_hash = $3, status = 'running', claim_id = $4, response_status = NULL, response_body = NULL, created_at = $5, expires_at = $6
         WHERE team_id = $1 AND key = $2 AND (expires_at <= $5 OR (status = 'running' AND created_at <= $7))
         RETURNING claim_id`,
        [teamId, key, hash, claimId, started, expires, pgTimestamp(now - IDEMPOTENCY_ABANDONED_MS)],
        { name: 'idem_take_over' },
      );
      if (taken.length) return { kind: 'claimed', claimId };
      continue; // another request took it over first: read again
    }
    if (row.status === 'running') return { kind: 'running' };
    return { kind: 'done', answer: { status: row.response_status!, body: answers.open(row.response_body!) } };
  }
  // Claimed and released three times in a row by others: as good as running.
  return { kind: 'running' };
}

/** Stores the answer of the claim's request; a claim taken over meanwhile stores nothing. */
export async function finishIdempotencyKey(teamId: string, key: string, claimId: string, answer: StoredAnswer): Promise<void> {
  await sqlRows(
    `UPDATE idempotency_keys SET status = 'done', response_status = $4, response_body = $5
     WHERE team_id = $1 AND key = $2 AND claim_id = $3`,
    [teamId, key, claimId, answer.status, answers.seal(answer.body)],
    { name: 'idem_finish' },
  );
}

/** Frees the key (the request failed in a way worth retrying) so the next request with it runs. */
export async function releaseIdempotencyKey(teamId: string, key: string, claimId: string): Promise<void> {
  await sqlRows('DELETE FROM idempotency_keys WHERE team_id = $1 AND key = $2 AND claim_id = $3', [teamId, key, claimId], {
    name: 'idem_release',
  });
}

/** Part of the sweep (server/jobs/sweep.ts): keys past their 24 hours. */
export async function sweepIdempotencyKeys(now = Date.now()) {
  const rows = await sqlRows<{ key: string }>('DELETE FROM idempotency_keys WHERE expires_at <= $1 RETURNING key', [pgTimestamp(now)]);
  return { keys: rows.length };
}
