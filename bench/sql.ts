// The SQL the app runs for the benchmarked endpoints, word for word as Prisma 7 (adapter-pg)
// generates it. The baseline sends these same statements; bench/run.ts captures Prisma's SQL at
// the start of every run and reports any difference, so this file cannot drift silently.

const DOC_COLUMNS = [
  'id', 'team_id', 'folder_id', 'name', 'type', 'content_type', 'external_url', 'num_pages', 'file_size',
  'created_at', 'updated_at',
].map((c) => `"public"."documents"."${c}"`).join(', ');

const ORDER = `ORDER BY "public"."documents"."created_at" DESC, "public"."documents"."id" DESC`;

/** authenticateToken: raw lookup by public_id. Params: publicId. */
export const TOKEN_LOOKUP =
  `SELECT id, team_id AS "teamId", salt, hash, scopes, revoked_at AS "revokedAt", last_used_at AS "lastUsedAt" ` +
  `FROM api_tokens WHERE public_id = $1`;

/** authenticateToken: last-used stamp, at most once a minute per token. Params: now, id. */
export const TOKEN_TOUCH =
  `UPDATE "public"."api_tokens" SET "last_used_at" = $1 WHERE ("public"."api_tokens"."id" = $2 AND 1=1) RETURNING ` +
  ['id', 'team_id', 'name', 'public_id', 'salt', 'hash', 'last4', 'scopes', 'created_by_id', 'created_at', 'last_used_at', 'revoked_at']
    .map((c) => `"public"."api_tokens"."${c}"`)
    .join(', ');

/** listDocuments, first page. Params: teamId, limit + 1, 0. */
export const LIST_FIRST =
  `SELECT ${DOC_COLUMNS} FROM "public"."documents" WHERE "public"."documents"."team_id" = $1 ${ORDER} LIMIT $2 OFFSET $3`;

/** listDocuments after a cursor. Params: teamId, createdAt, createdAt, createdAt, id, limit + 1, 0. */
export const LIST_AFTER =
  `SELECT ${DOC_COLUMNS} FROM "public"."documents" WHERE ("public"."documents"."team_id" = $1 AND ` +
  `"public"."documents"."created_at" <= $2 AND ` +
  `("public"."documents"."created_at" < $3 OR ("public"."documents"."created_at" = $4 AND "public"."documents"."id" < $5))) ` +
  `${ORDER} LIMIT $6 OFFSET $7`;

/** searchDocuments (first page). Params: teamId, searchParam(q), limit + 1, 0. */
export const SEARCH_FIRST =
  `SELECT ${DOC_COLUMNS} FROM "public"."documents" WHERE ("public"."documents"."team_id" = $1 AND ` +
  `"public"."documents"."name" ILIKE ('%' || $2 || '%')) ${ORDER} LIMIT $3 OFFSET $4`;

/** getDocument. Params: id, teamId, 1, 0. */
export const GET_ONE =
  `SELECT ${DOC_COLUMNS} FROM "public"."documents" WHERE ("public"."documents"."id" = $1 AND ` +
  `"public"."documents"."team_id" = $2) LIMIT $3 OFFSET $4`;

/** q as the app binds it: LIKE's own characters escaped with a backslash (checked by run.ts). */
export const searchParam = (q: string) => q.replace(/[\\%_]/g, (c) => '\\' + c);

export const ALL_SQL = { TOKEN_LOOKUP, TOKEN_TOUCH, LIST_FIRST, LIST_AFTER, SEARCH_FIRST, GET_ONE };

/** Prisma's log adds a trailing space; compare statements modulo whitespace runs. */
export const normalizeSql = (s: string) => s.replace(/\s+/g, ' ').trim();
