// Rate limits of the viewer's gates, over 10-minute windows (in-process, or Upstash when
// configured, like every limit). Password guesses per link and client address; one-time codes
// sent per link and email and per client address; codes tried per link and email (on top of
// the 5 attempts a code allows).
import { config } from '../../config';
import { createRateLimiter, type RateLimiter } from '../../ratelimit';

const WINDOW_MS = 10 * 60_000;

type Kind = 'password' | 'code_send' | 'code_send_address' | 'code_verify';
const BUDGETS: Record<Kind, () => number> = {
  password: () => 10,
  code_send: () => 5,
  code_send_address: () => config.viewerCodeSendsPerAddress,
  code_verify: () => 10,
};

const limiters: Map<Kind, RateLimiter> = ((globalThis as Record<symbol, unknown>)[Symbol.for('quire.viewer-limiters')] ??= new Map()) as Map<Kind, RateLimiter>;

/** Counts one attempt of `kind` for `key`; false when over budget. */
export async function allow(kind: Kind, key: string): Promise<boolean> {
  let l = limiters.get(kind);
  if (!l) {
    l = createRateLimiter({ prefix: `quire:viewer:${kind}`, limit: BUDGETS[kind](), windowMs: WINDOW_MS, upstash: config.upstash });
    limiters.set(kind, l);
  }
  return (await l.limit(key)).success;
}
