// A team's SAML connection (Settings → Security): configured from the identity provider's
// metadata by an admin on business and up; the email domains that lead "Continue with SSO" here;
// "Require SSO". The service provider's own addresses derive from APP_URL and the team slug.
import { db } from '../../db/client';
import { conflict, invalid, notFound } from '../../errors';
import type { UserActor } from '../../auth/actor';
import { assertEnterprisePlan, hasEnterpriseSignIn } from '../../auth/enterprise-plan';
import { config } from '../../config';
import { emit } from '../events/emit';
import { requireAdmin } from '../teams';
import { ssoEventObject } from './event-object';
import { fetchIdpMetadata, parseIdpMetadata } from './metadata';
import { refreshSamlMetadata, scheduleMetadataRefresh } from './metadata-refresh';

export const spUrls = (slug: string, appUrl = config.appUrl) => ({
  entity_id: `${appUrl}/sso/saml/${slug}/metadata`,
  metadata_url: `${appUrl}/sso/saml/${slug}/metadata`,
  acs_url: `${appUrl}/sso/saml/${slug}/acs`,
  login_url: `${appUrl}/sso/saml/${slug}/login`,
});

export type SamlConnectionView = {
  object: 'saml_connection';
  configured: boolean;
  idp_entity_id: string | null;
  idp_sso_url: string | null;
  idp_certificate_count: number;
  metadata_url: string | null;
  /** The last fetch of the metadata URL (saved, then daily), and what went wrong with it. */
  metadata_checked_at: string | null;
  metadata_error: string | null;
  domains: string[];
  require_sso: boolean;
  sp: ReturnType<typeof spUrls>;
  available: boolean;
  updated_at: string | null;
};

type Row = {
  idpEntityId: string;
  idpSsoUrl: string;
  idpCerts: string[];
  metadataUrl: string | null;
  metadataCheckedAt: Date | null;
  metadataError: string | null;
  domains: string[];
  requireSso: boolean;
  updatedAt: Date;
};

const view = (slug: string, available: boolean, c: Row | null): SamlConnectionView => ({
  object: 'saml_connection',
  configured: !!c,
  idp_entity_id: c?.idpEntityId ?? null,
  idp_sso_url: c?.idpSsoUrl ?? null,
  idp_certificate_count: c?.idpCerts.length ?? 0,
  metadata_url: c?.metadataUrl ?? null,
  metadata_checked_at: c?.metadataCheckedAt?.toISOString() ?? null,
  metadata_error: c?.metadataError ?? null,
  domains: c?.domains ?? [],
  require_sso: c?.requireSso ?? false,
  sp: spUrls(slug),
  available,
  updated_at: c?.updatedAt.toISOString() ?? null,
});


async function teamOf(actor: UserActor) {
  return db.team.findUniqueOrThrow({ where: { id: actor.teamId }, select: { slug: true, samlConnection: true } });
}

export async function getSamlConnection(actor: UserActor): Promise<SamlConnectionView> {
  const t = await teamOf(actor);
  return view(t.slug, hasEnterpriseSignIn(actor.plan), t.samlConnection);
}

const DOMAIN_RE = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function cleanDomains(domains: string[]): string[] {
  const out = [...new Set(domains.map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter(Boolean))];
  for (const d of out) if (!DOMAIN_RE.test(d)) throw invalid('domains', `"${d}" is not a domain name`);
  if (out.length > 20) throw invalid('domains', 'at most 20 domains');
  return out;
}

export type ConfigureInput = { metadata_xml?: string | null; metadata_url?: string | null; domains?: string[]; require_sso?: boolean };

export async function configureSamlConnection(actor: UserActor, input: ConfigureInput): Promise<SamlConnectionView> {
  requireAdmin(actor, 'configure single sign-on');
  assertEnterprisePlan(actor.plan, 'SAML single sign-on');
  const current = (await teamOf(actor)).samlConnection;
  const hasXml = !!input.metadata_xml?.trim();
  const hasUrl = !!input.metadata_url?.trim();
  if (hasXml && hasUrl) throw invalid(['metadata_xml', 'metadata_url'], 'give the metadata as XML or as a URL, not both');
  if (!hasXml && !hasUrl && !current) throw invalid(['metadata_xml', 'metadata_url'], 'the identity provider’s metadata is required');
  const url = hasUrl ? input.metadata_url!.trim() : null;
  const idp = hasXml ? parseIdpMetadata(input.metadata_xml!) : url ? parseIdpMetadata(await fetchIdpMetadata(url)) : null;
  const domains = input.domains ? cleanDomains(input.domains) : (current?.domains ?? []);
  const fromUrl = { metadataUrl: url, metadataCheckedAt: url ? new Date() : null, metadataError: null };
  return db.$transaction(async (tx) => {
    if (domains.length) {
      const taken = await tx.samlConnection.findFirst({ where: { teamId: { not: actor.teamId }, domains: { hasSome: domains } }, select: { domains: true } });
      if (taken) throw conflict(`${taken.domains.filter((d) => domains.includes(d)).join(', ')} already leads to another team’s single sign-on.`);
    }
    const data = {
      ...(idp ? { idpEntityId: idp.entityId, idpSsoUrl: idp.ssoUrl, idpCerts: idp.certs, ...fromUrl } : {}),
      domains,
      ...(input.require_sso !== undefined ? { requireSso: input.require_sso } : {}),
    };
    // Without new metadata there is a connection already (checked above): only an update.
    const row = idp
      ? await tx.samlConnection.upsert({
          where: { teamId: actor.teamId },
          create: { teamId: actor.teamId, idpEntityId: idp.entityId, idpSsoUrl: idp.ssoUrl, idpCerts: idp.certs, ...fromUrl, domains, requireSso: input.require_sso ?? false },
          update: data,
        })
      : await tx.samlConnection.update({ where: { teamId: actor.teamId }, data });
    if (idp) await scheduleMetadataRefresh(tx, actor.teamId, !!url);
    const t = await tx.team.findUniqueOrThrow({ where: { id: actor.teamId }, select: { slug: true } });
    await emit(tx, actor, { type: 'sso.configured', object: ssoEventObject(actor.teamId, row) });
    return view(t.slug, true, row);
  });
}

export async function removeSamlConnection(actor: UserActor): Promise<SamlConnectionView> {
  requireAdmin(actor, 'remove single sign-on');
  return db.$transaction(async (tx) => {
    const gone = await tx.samlConnection.deleteMany({ where: { teamId: actor.teamId } });
    if (!gone.count) throw notFound('SAML connection');
    await scheduleMetadataRefresh(tx, actor.teamId, false);
    const t = await tx.team.findUniqueOrThrow({ where: { id: actor.teamId }, select: { slug: true } });
    await emit(tx, actor, { type: 'sso.configured', object: ssoEventObject(actor.teamId, null) });
    return view(t.slug, true, null);
  });
}

/** The team "Continue with SSO" leads to: by the email's domain, else by the team slug typed. */
export async function findSsoTeam(identifier: string): Promise<string | null> {
  const v = identifier.trim().toLowerCase();
  if (!v) return null;
  if (v.includes('@')) {
    const domain = v.slice(v.lastIndexOf('@') + 1);
    const c = await db.samlConnection.findFirst({ where: { domains: { has: domain } }, select: { team: { select: { slug: true } } } });
    return c?.team.slug ?? null;
  }
  const t = await db.team.findUnique({ where: { slug: v }, select: { slug: true, samlConnection: { select: { teamId: true } } } });
  return t?.samlConnection ? t.slug : null;
}

/** The connection the SAML routes use, by team slug (null: no such team or no SSO). */
export async function connectionBySlug(slug: string) {
  const t = await db.team.findUnique({ where: { slug }, select: { id: true, slug: true, plan: true, samlConnection: true } });
  if (!t?.samlConnection) return null;
  return { ...t.samlConnection, teamId: t.id, slug: t.slug, plan: t.plan };
}

/** Fetches the connection's metadata URL now (Settings → Security, "Refresh now"). */
export async function refreshSamlConnection(actor: UserActor): Promise<SamlConnectionView> {
  requireAdmin(actor, 'refresh single sign-on');
  assertEnterprisePlan(actor.plan, 'SAML single sign-on');
  const current = (await teamOf(actor)).samlConnection;
  if (!current) throw notFound('SAML connection');
  if (!current.metadataUrl) throw conflict('This connection was configured from pasted XML: paste the identity provider’s new metadata instead.');
  await refreshSamlMetadata(actor.teamId, actor);
  return getSamlConnection(actor);
}
