// Endpoint secrets and Standard Webhooks signatures. A secret is `whsec_` + base64 of 32 random
// bytes; it is stored encrypted (AES-256-GCM under a key derived from the app secret with its own
// label), shown only when created or rotated, and signs `{id}.{timestamp}.{body}` with
// HMAC-SHA256 over its decoded bytes.
import crypto from 'node:crypto';
import { sealer } from '../../lib/sealed';

const PREFIX = 'whsec_';

export function newSecret(): string {
  return PREFIX + crypto.randomBytes(32).toString('base64');
}

const secrets = sealer('quire-webhooks', 'endpoint-secret-encryption');

export const encryptSecret = (plain: string): string => secrets.seal(plain);

export const decryptSecret = (stored: string): string => secrets.open(stored);

/** `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` under the secret's bytes. */
export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  const bytes = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return 'v1,' + crypto.createHmac('sha256', bytes).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
}

/** The `webhook-signature` header: one signature per secret, space-separated. */
export function signatureHeader(secrets: string[], id: string, timestampSeconds: number, body: string): string {
  return secrets.map((s) => sign(s, id, timestampSeconds, body)).join(' ');
}
