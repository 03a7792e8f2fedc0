// The one definition of what the figures count (docs/decisions.md "One visit, one view"), as SQL
// over `views` aliased `v`. Every count the dashboard and /v1 show is built from these.
//
// - A visit: an admitted session's stay on a link, continued by activity within 10 minutes: the
//   top-level view (a document link's DOCUMENT_VIEW, a room link's DATAROOM_VIEW).
// - A document view: a document opened, on its own link or inside a room visit (DOCUMENT_VIEW).
// - A viewer: a visitor once; an anonymous visit once per browser session.
// Refused attempts are neither (they are access denials, kept apart).

/** The row is a visit. */
export const IS_VISIT = `v.parent_view_id IS NULL`;
/** The row is a document opened. */
export const IS_DOCUMENT_VIEW = `v.view_type = 'DOCUMENT_VIEW'`;
/** The visit a row belongs to (itself for a visit). */
export const VISIT_OF = `COALESCE(v.parent_view_id, v.id)`;
/** Who counts once among unique viewers (a visit and the documents opened in it are one). */
export const UNIQUE_VIEWER = `COALESCE(v.viewer_id, v.session_id, ${VISIT_OF})`;
