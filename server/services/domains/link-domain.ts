// Where a link is shared: the host of its custom domain while that domain is verified, else the
// app host (a failed or removed domain's links fall back at once).
import { config } from '../../config';
import { db, type Tx } from '../../db/client';

/** The names of the verified domains among `ids`, by id. */
export async function verifiedDomainNames(q: Pick<Tx, 'domain'>, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  if (!wanted.length) return new Map();
  const rows = await q.domain.findMany({ where: { id: { in: wanted }, status: 'verified' }, select: { id: true, name: true } });
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The origin a link's visitors use: https://<its verified domain>, or the app's. */
export async function linkOrigin(q: Pick<Tx, 'domain'>, domainId: string | null | undefined): Promise<string> {
  if (!domainId) return config.appUrl;
  const name = (await verifiedDomainNames(q, [domainId])).get(domainId);
  return name ? `https://${name}` : config.appUrl;
}

/** The address of the link with this slug (for mail). */
export async function linkUrlBySlug(slug: string, q: Pick<Tx, 'domain' | 'link'> = db): Promise<string> {
  const link = await q.link.findUnique({ where: { slug }, select: { domainId: true } });
  return `${await linkOrigin(q, link?.domainId)}/view/${slug}`;
}
