// Idempotency-Key on /v1 POSTs (DESIGN.md, after the IETF draft): the first request with a key
// runs and its answer (not 5xx, not 429) is kept 24 hours for the team; the same key again with
// the same method, path and body gets that answer back with `Idempotent-Replayed: true`; with
// another path or body it is 422, and while the first still runs 409. handleV1 calls this after
// the gate (the team comes from the token) and after the body passed the JSON rules.
import crypto from 'node:crypto';
import { ApiError } from '../errors';
import { errorResponse, JsonAnswer, plainAnswer, type Answer } from '../http/envelope';
import { claimIdempotencyKey, finishIdempotencyKey, IDEMPOTENCY_KEY_MAX, releaseIdempotencyKey } from '../services/idempotency';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

const details = { header: IDEMPOTENCY_HEADER };

/** 1–255 printable ASCII characters (space to tilde). */
const VALID_KEY = new RegExp(`^[\\x20-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

/**
 * The request's Idempotency-Key: null when it sends none, an ApiError (400 naming the header)
 * when the value is empty, too long or not printable ASCII.
 */
export function idempotencyKeyOf(req: Request): string | null | ApiError {
  const key = req.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return null;
  if (VALID_KEY.test(key)) return key;
  const problem = key.length > IDEMPOTENCY_KEY_MAX ? `is longer than ${IDEMPOTENCY_KEY_MAX} characters` : key ? 'must be printable ASCII' : 'is empty';
  return new ApiError('bad_request', `The ${IDEMPOTENCY_HEADER} header ${problem}: send 1 to ${IDEMPOTENCY_KEY_MAX} printable ASCII characters, such as a UUID.`, details);
}

/** JSON with object keys sorted, so the fingerprint does not depend on the key order sent. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What identifies a request for its key: method, path as sent, and the body's content. */
export function requestFingerprint(method: string, pathname: string, body: unknown): string {
  return crypto.createHash('sha256').update(`${method} ${pathname}\n${canonical(body)}`).digest('hex');
}

/** Answers worth a retry are not kept: the key is freed for it. */
const keeps = (status: number) => status < 500 && status !== 429;

/**
 * Runs `run` once for the team's key: a stored answer is replayed, a mismatch is 422, a running
 * first request 409. `headers` are this request's (rate limit), on whatever it answers.
 */
export async function idempotent(
  o: { teamId: string; key: string; fingerprint: string; headers: Record<string, string> },
  run: () => Promise<Answer>,
): Promise<Answer> {
  const claim = await claimIdempotencyKey(o.teamId, o.key, o.fingerprint);
  if (claim.kind === 'mismatch') {
    const message = `This ${IDEMPOTENCY_HEADER} was already used for a different request (another path or body); use a new key for a new request.`;
    return errorResponse('unprocessable_entity', message, { formErrors: [], fieldErrors: { [IDEMPOTENCY_HEADER]: [message] }, ...details }, o.headers);
  }
  if (claim.kind === 'running') {
    return errorResponse('conflict', `A request with this ${IDEMPOTENCY_HEADER} is still being processed; retry once it has finished.`, details, o.headers);
  }
  if (claim.kind === 'done') return new JsonAnswer(claim.answer.body, claim.answer.status, { ...o.headers, [REPLAYED_HEADER]: 'true' });

  let answer: Answer | undefined;
  try {
    answer = await run();
  } finally {
    const plain = answer && (answer instanceof JsonAnswer ? answer : plainAnswer(answer));
    // A failure here leaves the row running: it is taken over once abandoned (60 s).
    const settle =
      plain && keeps(plain.status)
        ? finishIdempotencyKey(o.teamId, o.key, claim.claimId, { status: plain.status, body: plain.body })
        : releaseIdempotencyKey(o.teamId, o.key, claim.claimId);
    await settle.catch((e) => console.error('[quire] idempotency key not settled:', e instanceof Error ? e.message : e));
  }
  return answer;
}
