// A visitor's session token (the viewer face's cookie carries it): 32 random bytes; the database
// keeps only their SHA-256 (viewer_sessions), so neither a database reader nor a script in the
// page can mint or read one. Sessions last 24 hours.
import { createHash, randomBytes } from 'node:crypto';

export const SESSION_TTL_MS = 24 * 3600_000;

/** 32 random bytes, base64url (43 characters). */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');

export const hashSessionToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
export const isSessionToken = (t: string | null | undefined): t is string => typeof t === 'string' && TOKEN_RE.test(t);
