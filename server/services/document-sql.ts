// The statements behind document get/list/search, sent as plain SQL on the hot read path
// (server/db/sql.ts), and the new document's insert. The benchmark's bare baseline sends these
// same strings.
import { DOCUMENT_LANGUAGES } from '../../lib/shared/document-languages';

const COLUMNS =
  'id, folder_id AS "folderId", name, type, content_type AS "contentType", external_url AS "externalUrl", ' +
  'num_pages AS "numPages", preview_status AS "previewStatus", preview_error AS "previewError", text_status AS "textStatus", language, created_at AS "createdAt", updated_at AS "updatedAt"';

/** A document row as these statements return it (timestamps as ISO strings). */
export type DocumentRow = {
  id: string;
  folderId: string | null;
  name: string;
  type: string;
  contentType: string;
  externalUrl: string | null;
  numPages: number;
  previewStatus: string;
  previewError: string | null;
  textStatus: string;
  language: string;
  createdAt: string;
  updatedAt: string;
};

export type DocumentSqlShape =
  | { byId: true }
  | { byId?: false; folder?: 'root' | 'id'; query?: boolean; after?: boolean };

/** LIKE's own characters taken literally (backslash is PostgreSQL's default LIKE escape). */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

/** The name-search condition, around the parameter that holds likeEscape(query). */
// name_lower is lower(name), stored: LIKE on it is ILIKE without folding every row's case.
export const NAME_MATCH = ["name_lower LIKE '%' || lower(", ") || '%'"] as const;

const cache = new Map<string, string>();

/**
 * Parameters, in order: team id; then the document id (byId), or the folder id (folder 'id'),
 * the LIKE-escaped query, the cursor's created_at and id, and limit + 1.
 */
export function documentSql(shape: DocumentSqlShape): string {
  // Built on every list and get: a key of its four fields, not JSON.
  const key = shape.byId ? 'id' : `${shape.folder ?? '-'}${shape.query ? 'q' : '-'}${shape.after ? 'a' : '-'}`;
  let text = cache.get(key);
  if (text) return text;
  if (shape.byId) {
    text = `SELECT ${COLUMNS} FROM documents WHERE team_id = $1 AND id = $2`;
  } else {
    let n = 1;
    const where = ['team_id = $1'];
    if (shape.folder === 'root') where.push('folder_id IS NULL');
    if (shape.folder === 'id') where.push(`folder_id = $${++n}`);
    if (shape.query) where.push(NAME_MATCH.join(`$${++n}`));
    if (shape.after) where.push(`(created_at, id) < ($${++n}, $${++n})`);
    text = `SELECT ${COLUMNS} FROM documents WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $${++n}`;
  }
  cache.set(key, text);
  return text;
}

/**
 * A new document (parameters: id, team id, folder id, name, type, content type, external URL,
 * pages, file size, preview status and error, text status), its row as get answers it. Its
 * language is its team's default brand's: that language where text search stems it, `simple`
 * for another (Japanese), `en` without a default brand. In the insert, not a read before it: one
 * round trip less on every upload.
 */
export const INSERT_DOCUMENT = `
  INSERT INTO documents (id, team_id, folder_id, name, type, content_type, external_url, num_pages, file_size,
    preview_status, preview_error, text_status, language, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
    COALESCE((SELECT CASE WHEN b.default_language IN (${DOCUMENT_LANGUAGES.map((l) => `'${l}'`).join(', ')}) THEN b.default_language ELSE 'simple' END
              FROM brands b WHERE b.team_id = $2 AND b.is_default LIMIT 1), 'en'),
    timezone('UTC', now()), timezone('UTC', now()))
  RETURNING ${COLUMNS}`;
