// Host routing for custom domains (DESIGN.md "Custom domains (white label)"), one decision for
// both servers (proxy.ts under Next, scripts/serve.ts's node:http paths):
// - the service's own hosts serve everything, except that the page of a link shared on a
//   verified domain answers 308 to the same path on that domain;
// - a team's verified domain serves only that team's viewer: /view/<slug> and its sub-paths,
//   /<slug> (308 to /view/<slug>), the team's images, the service's static files; everything
//   else there (the dashboard, /v1, OAuth, MCP, other teams' links and images) is 404;
// - any other host gets a plain 404.
// The host's team comes from server/services/domains/hosts.ts (a cached read, never DNS).
import { pgTimestamp, sqlRows } from '../../db/sql';
import { classifyHost, isOwnHost } from './hosts';
import { hostName } from './names';

/**
 * What the request path needs of a link before its page renders, in one read: its team, the
 * verified domain it is shared on, whether it has expired (its page answers 410), and where a
 * document link's document lives when that is another site (the gate's form may lead there).
 */
export type PageLink = { teamId: string; domain: string | null; expired: boolean; opensAt: string | null };

export type HostDecision =
  | { kind: 'pass'; custom: boolean; /** The link of a /view path, when it was read (null: no such link). */ link?: PageLink | null }
  | { kind: 'not_found' }
  | { kind: 'redirect'; location: string };

const SLUG = '([A-Za-z0-9_-]{8,64})';
const VIEW_PATH = new RegExp(`^/view/${SLUG}(?:/|$)`);
const VIEW_PAGE = new RegExp(`^/view/${SLUG}(?:/d/[A-Za-z0-9_-]{1,64})?/?$`);
const SHORT = new RegExp(`^/${SLUG}/?$`);
const IMAGE = /^\/images\/([A-Za-z0-9_-]{1,128})\/[^/]+$/;
/** The service's own static files: the same on every host (no team's data). */
const STATIC = /^\/(?:_next\/|brand\/|favicon\.ico$|robots\.txt$)/;

const PASS_APP: HostDecision = { kind: 'pass', custom: false };
const PASS_CUSTOM: HostDecision = { kind: 'pass', custom: true };
const NOT_FOUND: HostDecision = { kind: 'not_found' };

/** The link `slug` names, as its page needs it (null: none). */
export async function pageLinkOf(slug: string): Promise<PageLink | null> {
  const rows = await sqlRows<PageLink>(
    `SELECT l.team_id AS "teamId", d.name AS domain, (l.expires_at IS NOT NULL AND l.expires_at <= $2::timestamp) AS expired, dv.external_url AS "opensAt"
     FROM links l LEFT JOIN domains d ON d.id = l.domain_id AND d.status = 'verified'
       LEFT JOIN document_versions dv ON dv.document_id = l.document_id AND dv.is_primary AND dv.storage_key IS NULL
     WHERE l.slug = $1 AND l.deleted_at IS NULL`,
    [slug, pgTimestamp(Date.now())],
    { prepare: true },
  );
  return rows[0] ?? null;
}

/** Where the app host sends a link's page when the link is shared on a verified domain (null: it stays). */
export const domainLocation = (domain: string | null | undefined, pathname: string, search: string) => (domain ? `https://${domain}${pathname}${search}` : null);

async function imageTeam(id: string): Promise<string | null> {
  const rows = await sqlRows<{ teamId: string }>(`SELECT team_id AS "teamId" FROM image_assets WHERE id = $1`, [id], { prepare: true });
  return rows[0]?.teamId ?? null;
}

/** On the service's own hosts, only a link's page may need a decision (its 308 to the link's domain). */
export const needsHostDecision = (method: string | undefined, pathname: string) => (method === 'GET' || method === 'HEAD') && VIEW_PAGE.test(pathname);

/** Whether the host is one of the service's own (no database read): most requests stop here. */
export const onOwnHost = (host: string | null | undefined) => isOwnHost(hostName(host));

/** Whether the host serves the whole app (not a custom domain, not an unknown host). */
export const servesApp = async (host: string | null | undefined) => onOwnHost(host) || (await classifyHost(host)).kind === 'app';

/** What the request's host allows for `pathname` (`search` is kept on redirects). */
export async function decideByHost(host: string | null | undefined, method: string, pathname: string, search = ''): Promise<HostDecision> {
  const kind = await classifyHost(host);
  if (kind.kind === 'unknown') return NOT_FOUND;
  const read = method === 'GET' || method === 'HEAD';
  if (kind.kind === 'app') {
    const page = read ? VIEW_PAGE.exec(pathname) : null;
    if (!page) return PASS_APP;
    const link = await pageLinkOf(page[1]!);
    const location = domainLocation(link?.domain, pathname, search);
    return location ? { kind: 'redirect', location } : { kind: 'pass', custom: false, link };
  }
  const teamId = kind.domain.teamId;
  if (STATIC.test(pathname)) return PASS_CUSTOM;
  const view = VIEW_PATH.exec(pathname);
  if (view) {
    const link = await pageLinkOf(view[1]!);
    return link?.teamId === teamId ? { kind: 'pass', custom: true, link } : NOT_FOUND;
  }
  const short = read ? SHORT.exec(pathname) : null;
  if (short) return (await pageLinkOf(short[1]!))?.teamId === teamId ? { kind: 'redirect', location: `/view/${short[1]}${search}` } : NOT_FOUND;
  const image = read ? IMAGE.exec(pathname) : null;
  if (image) return (await imageTeam(image[1]!)) === teamId ? PASS_CUSTOM : NOT_FOUND;
  return NOT_FOUND;
}

/** The answer of a refused host or path: a plain 404 that names nothing. */
export const PLAIN_NOT_FOUND = { status: 404, body: 'Not found\n', headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Vary: 'Host' } };
