// Endpoint secrets and Standard Webhooks signatures. A secret is `whsec_` + base64 of 32 random
// bytes; it is stored encrypted (AES-256-GCM under a key derived from the app secret with its own
// label), shown only when created or rotated, and signs `{id}.{timestamp}.{body}` with
// HMAC-SHA256 over its decoded bytes.
import crypto from 'node:crypto';
import { appSecret } from '../../storage/config';

const PREFIX = 'whsec_';
const FORMAT = 'v1.';

export function newSecret(): string {
  return PREFIX + crypto.randomBytes(32).toString('base64');
}

let cachedKey: { secret: string; key: Buffer } | undefined;
function key(): Buffer {
  const secret = appSecret();
  if (cachedKey?.secret !== secret) {
    cachedKey = { secret, key: Buffer.from(crypto.hkdfSync('sha256', secret, 'quire-webhooks', 'endpoint-secret-encryption', 32)) };
  }
  return cachedKey.key;
}

/** `v1.` + base64url(iv ‖ tag ‖ ciphertext). */
export function encryptSecret(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key(), iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return FORMAT + Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64url');
}

export function decryptSecret(stored: string): string {
  if (!stored.startsWith(FORMAT)) throw new Error('unknown webhook secret format');
  const raw = Buffer.from(stored.slice(FORMAT.length), 'base64url');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key(), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` under the secret's bytes. */
export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  const bytes = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return 'v1,' + crypto.createHmac('sha256', bytes).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
}

/** The `webhook-signature` header: one signature per secret, space-separated. */
export function signatureHeader(secrets: string[], id: string, timestampSeconds: number, body: string): string {
  return secrets.map((s) => sign(s, id, timestampSeconds, body)).join(' ');
}
