// The SQL the app runs for the benchmarked endpoints: the app's own statement strings (the token
// lookup in server/auth/tokenSql.ts, the document reads in server/services/documentSql.ts). The
// baseline sends these same strings with the same parameters; bench/run.ts also records what the
// app's services actually send at the start of every run and reports any difference.
import { TOKEN_LOOKUP_SQL, TOKEN_TOUCH_SQL } from '../server/auth/token-sql';
import { documentSql, likeEscape } from '../server/services/document-sql';

/** authenticateToken: lookup by public_id. Params: publicId. */
export const TOKEN_LOOKUP = TOKEN_LOOKUP_SQL;
/** authenticateToken: last-used stamp, at most once a minute per token. Params: now (UTC text), id. */
export const TOKEN_TOUCH = TOKEN_TOUCH_SQL;
/** listDocuments, first page. Params: teamId, limit + 1. */
export const LIST_FIRST = documentSql({});
/** listDocuments after a cursor. Params: teamId, createdAt (UTC text), id, limit + 1. */
export const LIST_AFTER = documentSql({ after: true });
/** searchDocuments, first page. Params: teamId, searchParam(q), limit + 1. */
export const SEARCH_FIRST = documentSql({ query: true });
/** getDocument. Params: teamId, id. */
export const GET_ONE = documentSql({ byId: true });

/** q as the app binds it: LIKE's own characters escaped with a backslash (checked by run.ts). */
export const searchParam = likeEscape;

export const ALL_SQL = { TOKEN_LOOKUP, TOKEN_TOUCH, LIST_FIRST, LIST_AFTER, SEARCH_FIRST, GET_ONE };

export const normalizeSql = (s: string) => s.replace(/\s+/g, ' ').trim();
