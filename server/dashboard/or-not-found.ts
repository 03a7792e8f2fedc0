/**
 * A dashboard page's item, or null when the page must answer not-found: another team's item, a
 * deleted one, or a malformed id (the procedure's NOT_FOUND, BAD_REQUEST or 422).
 */
export async function orNotFound<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST' || code === 'UNPROCESSABLE_CONTENT') return null;
    throw e;
  }
}
