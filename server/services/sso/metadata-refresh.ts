// A connection configured from a metadata URL follows the identity provider: a new signing
// certificate published before the old one expires, a moved sign-on address. The `sso.metadata`
// job fetches the URL daily (hourly while it fails) and an admin may ask at once. A fetch or parse
// that fails is recorded on the connection and the last good metadata is kept: a broken IdP page
// must not sign the team out.
import { ApiError } from '../../errors';
import type { UserActor, SystemActor } from '../../auth/actor';
import { db, type Tx } from '../../db/client';
import { enqueue } from '../../db/jobs';
import { changesBetween, emit } from '../events/emit';
import { ssoEventObject } from './event-object';
import { fetchIdpMetadata, parseIdpMetadata, type IdpMetadata } from './metadata';

export const METADATA_REFRESH_MS = { ok: 24 * 3_600_000, failing: 3_600_000 };

export const SSO_METADATA_REFRESH = (teamId: string): SystemActor => ({ kind: 'system', teamId, name: 'SSO metadata refresh' });

/** One refresh chain per team: the queued one is replaced (a new URL), or ended (XML, removed). */
export async function scheduleMetadataRefresh(tx: Tx, teamId: string, follow: boolean) {
  await tx.$executeRaw`DELETE FROM jobs WHERE kind = 'sso.metadata' AND ref = ${teamId} AND status = 'queued'`;
  if (follow) await enqueue(tx, { kind: 'sso.metadata', ref: teamId, teamId, delayMs: METADATA_REFRESH_MS.ok });
}

/** The words of a refused fetch or metadata, as the admin would have read them on saving. */
function reasonOf(e: unknown): string | null {
  if (!(e instanceof ApiError)) return null;
  const fields = (e.details?.fieldErrors ?? {}) as Record<string, string[]>;
  const first = Object.values(fields).flat()[0] ?? e.message;
  // safeFetch's own sentence ("The URL answered HTTP 404.") says it without the field's preamble.
  return first.replace(/^could not be fetched: /, '');
}

export type RefreshOutcome = { error: string | null };

/**
 * Fetches the connection's metadata URL and records the outcome: new IdP details when they
 * changed, the error when it failed. A change (of the IdP's details or of the error) is
 * `sso.configured` by `actor`. Null when the team has no connection with a URL.
 */
export async function refreshSamlMetadata(teamId: string, actor: UserActor | SystemActor): Promise<RefreshOutcome | null> {
  const c = await db.samlConnection.findUnique({ where: { teamId }, select: { metadataUrl: true } });
  if (!c?.metadataUrl) return null;
  const url = c.metadataUrl;
  let idp: IdpMetadata | null = null;
  let error: string | null = null;
  try {
    idp = parseIdpMetadata(await fetchIdpMetadata(url));
  } catch (e) {
    error = reasonOf(e);
    if (error === null) throw e;
  }
  return db.$transaction(async (tx) => {
    const before = await tx.samlConnection.findUnique({ where: { teamId } });
    // Removed, or given other metadata, while this one was being fetched: not ours to write.
    if (!before || before.metadataUrl !== url) return null;
    const after = await tx.samlConnection.update({
      where: { teamId },
      data: idp
        ? { idpEntityId: idp.entityId, idpSsoUrl: idp.ssoUrl, idpCerts: idp.certs, metadataError: null, metadataCheckedAt: new Date() }
        : { metadataError: error, metadataCheckedAt: new Date() },
    });
    const changes = changesBetween(ssoEventObject(teamId, before), ssoEventObject(teamId, after));
    if (Object.keys(changes).length) await emit(tx, actor, { type: 'sso.configured', object: ssoEventObject(teamId, after), changes });
    return { error };
  });
}
