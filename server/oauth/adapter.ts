// oidc-provider's storage in PostgreSQL (the oauth_models table). Every credential-like id
// (access, refresh and device codes, registration tokens, sessions) is stored as its SHA-256,
// and user codes too, so the table never holds a value that could be presented back; client
// and grant ids, which are not secrets, are stored as they are.
import crypto from 'node:crypto';
import { pgTimestamp, sqlRows } from '../db/sql';

type Payload = Record<string, unknown> & { jti?: string; grantId?: string; userCode?: string; uid?: string };

const PLAIN_KINDS = new Set(['Client', 'Grant']);
const sha256 = (v: string) => crypto.createHash('sha256').update(v).digest('hex');

export class PgAdapter {
  private readonly hashed: boolean;
  constructor(private readonly kind: string) {
    this.hashed = !PLAIN_KINDS.has(kind);
  }

  private key(id: string): string {
    return this.hashed ? sha256(id) : id;
  }

  async upsert(id: string, payload: Payload, expiresIn?: number) {
    const stored: Payload = { ...payload };
    if (this.hashed) delete stored.jti;
    delete stored.userCode;
    const expiresAt = expiresIn ? pgTimestamp(Date.now() + expiresIn * 1000) : null;
    await sqlRows(
      `INSERT INTO oauth_models (id, kind, payload, grant_id, user_code, uid, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
         user_code = COALESCE(EXCLUDED.user_code, oauth_models.user_code), uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
      [
        this.key(id),
        this.kind,
        JSON.stringify(stored),
        payload.grantId ?? null,
        payload.userCode ? sha256(payload.userCode) : null,
        payload.uid ?? null,
        expiresAt,
      ],
    );
  }

  private async one(where: string, value: string, jti: string | null, userCode?: string): Promise<Payload | undefined> {
    const [row] = await sqlRows<{ id: string; payload: Payload; consumed: string | null }>(
      `SELECT id, payload, consumed_at AS consumed FROM oauth_models WHERE kind = $1 AND ${where} = $2`,
      [this.kind, value],
    );
    if (!row) return undefined;
    return {
      ...row.payload,
      // A model found by its user code has no presentable id (only its hash is stored): it is
      // read, never saved back through the library (server/oauth/approval.ts writes it).
      ...(this.hashed && jti ? { jti } : {}),
      ...(userCode ? { userCode } : {}),
      ...(row.consumed ? { consumed: Math.floor(Date.parse(row.consumed) / 1000) } : {}),
    };
  }

  find(id: string) {
    return this.one('id', this.key(id), id);
  }

  findByUserCode(userCode: string) {
    return this.one('user_code', sha256(userCode), null, userCode);
  }

  findByUid(uid: string) {
    return this.one('uid', uid, null);
  }

  async consume(id: string) {
    await sqlRows('UPDATE oauth_models SET consumed_at = $1 WHERE kind = $2 AND id = $3', [pgTimestamp(Date.now()), this.kind, this.key(id)]);
  }

  async destroy(id: string) {
    await sqlRows('DELETE FROM oauth_models WHERE kind = $1 AND id = $2', [this.kind, this.key(id)]);
  }

  async revokeByGrantId(grantId: string) {
    await sqlRows('DELETE FROM oauth_models WHERE kind = $1 AND grant_id = $2', [this.kind, grantId]);
    // The grant's row in Connected apps goes with its tokens, before the revocation is answered.
    // Every revocation (RFC 7009, a refresh token used twice, sign-out) revokes the grant's access
    // tokens, so their adapter drops it, once.
    if (this.kind === 'AccessToken') await sqlRows('DELETE FROM oauth_grants WHERE id = $1', [grantId]);
  }
}

/** The stored id of a presented token (what /v1 looks up). */
export const storedTokenId = sha256;
