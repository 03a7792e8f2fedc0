// The root layout cannot see a page's params, yet `<html lang>` must follow the link's language
// on viewer pages. proxy.ts names the link of a viewer path in this request header (and removes
// any value a client sent on every path), and the root layout reads it.
export const VIEW_SLUG_HEADER = 'x-quire-view-slug';

const VIEWER_PATH = /^\/view\/([A-Za-z0-9_-]{8,64})(?:\/|$)/;

/** The slug of a viewer path (/view/{slug}, /view/{slug}/d/{item}, ...), or null. */
export const viewSlugOf = (pathname: string): string | null => VIEWER_PATH.exec(pathname)?.[1] ?? null;
