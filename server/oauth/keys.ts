// The issuer's keys, derived from the app secret so that every instance of a deployment (and
// every restart) signs and reads cookies with the same ones. Quire's access and refresh tokens
// are opaque (looked up, never verified by signature); the signing key only exists because the
// library requires one.
import crypto from 'node:crypto';
import { appSecret } from '../storage/config';

const derive = (label: string, length = 32) =>
  Buffer.from(crypto.hkdfSync('sha256', appSecret(), 'quire-oauth', label, length));

/** A P-256 signing key as a private JWK, its scalar derived from the secret. */
export function signingJwk(): crypto.JsonWebKey {
  const ecdh = crypto.createECDH('prime256v1');
  // A 32-byte scalar is a valid P-256 private key unless it is 0 or >= n (odds ~2^-32).
  ecdh.setPrivateKey(derive('signing-key'));
  const pub = ecdh.getPublicKey(); // 0x04 || x || y
  const b64 = (b: Buffer) => b.toString('base64url');
  return {
    kty: 'EC',
    crv: 'P-256',
    d: b64(ecdh.getPrivateKey()),
    x: b64(pub.subarray(1, 33)),
    y: b64(pub.subarray(33, 65)),
    use: 'sig',
    alg: 'ES256',
    kid: crypto.createHash('sha256').update(pub).digest('base64url').slice(0, 16),
  };
}

export const cookieKeys = (): string[] => [derive('cookie-key').toString('base64url')];
