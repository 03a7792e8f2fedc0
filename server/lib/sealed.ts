// Values the app must read back but nobody else should (webhook endpoint secrets, stored
// Idempotency-Key answers that may hold one): AES-256-GCM under a key derived from the app
// secret with a label of its own, so one use's ciphertext never opens another's.
import crypto from 'node:crypto';
import { appSecret } from '../storage/config';

const FORMAT = 'v1.';

export type Sealer = { seal(plain: string): string; open(stored: string): string };

export function sealer(salt: string, info: string): Sealer {
  let cached: { secret: string; key: Buffer } | undefined;
  const key = () => {
    const secret = appSecret();
    if (cached?.secret !== secret) cached = { secret, key: Buffer.from(crypto.hkdfSync('sha256', secret, salt, info, 32)) };
    return cached.key;
  };
  return {
    /** `v1.` + base64url(iv ‖ tag ‖ ciphertext). */
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key(), iv);
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return FORMAT + Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64url');
    },
    open(stored) {
      if (!stored.startsWith(FORMAT)) throw new Error('unknown sealed value format');
      const raw = Buffer.from(stored.slice(FORMAT.length), 'base64url');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key(), raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
