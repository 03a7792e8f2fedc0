// Custom domains (DESIGN.md "Custom domains (white label)"): a team's host names its links are
// shared on. A domain is verified by a TXT record at _quire-challenge.<name> holding its value
// (and, when Vercel is configured, by Vercel for its certificate); checked when asked and again
// by a job (server/jobs/domains.ts: hourly while not verified, daily once verified). One team
// holds a name (409 for another). Removing one leaves its links on the app host, in the same
// transaction.
import { randomBytes } from 'node:crypto';
import type { Actor, SystemActor } from '../../auth/actor';
import { assertWithinCap } from '../../auth/plans';
import { config } from '../../config';
import { db, type Tx } from '../../db/client';
import { enqueue } from '../../db/jobs';
import { conflict, invalid, notFound } from '../../errors';
import { newId } from '../../ids';
import { iso } from '../../schemas/common';
import { lockTeam, isUniqueViolation } from '../locks';
import { changesBetween, emit } from '../events/emit';
import type { Domain as DomainRow } from '../../db/generated/client';
import { DOMAIN_CAPS } from '../../../lib/shared/domains';
import { CHALLENGE_PREFIX, checkChallenge } from './dns';
import { forgetHost } from './hosts';
import { normalizeDomainName } from './names';
import { addAndVerify, removeFromProject, vercelConfigured } from './vercel';

/** How long until the job checks a domain again. */
export const RECHECK_MS = { verified: 24 * 3600_000, unverified: 3600_000 };

export function toDomain(d: DomainRow) {
  return {
    id: d.id,
    object: 'domain' as const,
    name: d.name,
    status: d.status,
    verification: { type: 'TXT' as const, name: `${CHALLENGE_PREFIX}.${d.name}`, value: d.token },
    target: config.customDomainTarget,
    error: d.error,
    created: iso(d.createdAt),
    verified_at: d.verifiedAt ? iso(d.verifiedAt) : null,
  };
}

async function findDomain(tx: Tx, actor: Pick<Actor, 'teamId'>, id: string): Promise<DomainRow> {
  const d = await tx.domain.findFirst({ where: { id, teamId: actor.teamId } });
  if (!d) throw notFound('Domain');
  return d;
}

/** Oldest first (a team has at most 25: one page). */
export async function listDomains(actor: Actor) {
  const rows = await db.domain.findMany({ where: { teamId: actor.teamId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return { data: rows.map(toDomain), next_cursor: null };
}

export async function getDomain(actor: Actor, id: string) {
  return toDomain(await findDomain(db, actor, id));
}

const assertBelowCap = (actor: Actor, used: number) =>
  assertWithinCap(actor, { feature: 'custom_domains', noun: ['custom domain', 'custom domains'], caps: DOMAIN_CAPS, wanted: used + 1 });

const taken = (name: string) => conflict(`The domain ${name} is already added by a team.`, { field: 'name' });

export async function createDomain(actor: Actor, input: { name: string }) {
  const name = normalizeDomainName(input.name);
  assertBelowCap(actor, await db.domain.count({ where: { teamId: actor.teamId } }));
  try {
    const row = await db.$transaction(async (tx) => {
      await lockTeam(tx, actor.teamId);
      assertBelowCap(actor, await tx.domain.count({ where: { teamId: actor.teamId } }));
      const holder = await tx.domain.findUnique({ where: { name }, select: { teamId: true } });
      if (holder) throw holder.teamId === actor.teamId ? conflict(`The team already has the domain ${name}.`, { field: 'name' }) : taken(name);
      const d = await tx.domain.create({ data: { id: newId(), teamId: actor.teamId, name, token: `quire-verify=${randomBytes(16).toString('hex')}` } });
      await enqueue(tx, { kind: 'domain.check', ref: d.id, teamId: actor.teamId, delayMs: RECHECK_MS.unverified });
      await emit(tx, actor, { type: 'domain.created', object: toDomain(d) });
      return d;
    });
    return toDomain(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw taken(name);
    throw e;
  }
}

/** The job's checks act as the system. */
export const DOMAIN_CHECKER = (teamId: string): SystemActor => ({ kind: 'system', teamId, name: 'domain check' });

/**
 * Checks the domain's DNS (and Vercel's verification when configured) and records the outcome:
 * verified, or failed with what DNS answered. `verifiedAt` keeps the first success. A check that
 * changes the status is `domain.updated` by `actor` (the member who asked, or the daily job).
 */
export async function checkDomain(id: string, actor: Actor | SystemActor | null = null): Promise<DomainRow | null> {
  const d = await db.domain.findUnique({ where: { id } });
  if (!d) return null;
  const dns = await checkChallenge(d.name, d.token);
  let error = dns.ok ? null : dns.error;
  if (dns.ok && vercelConfigured()) {
    const v = await addAndVerify(d.name);
    if (!v.ok) error = v.error;
    else if (!v.verified) error = v.note ?? 'Vercel has not verified the domain yet.';
  }
  const now = new Date();
  const row = await db.$transaction(async (tx) => {
    const before = await tx.domain.findUnique({ where: { id: d.id } });
    if (!before) return null;
    const after = await tx.domain.update({
      where: { id: d.id },
      data: error === null ? { status: 'verified', error: null, checkedAt: now, verifiedAt: before.verifiedAt ?? now } : { status: 'failed', error, checkedAt: now },
    });
    if (before.status !== after.status || before.error !== after.error) {
      const object = toDomain(after);
      await emit(tx, actor ?? DOMAIN_CHECKER(d.teamId), { type: 'domain.updated', object, changes: changesBetween(toDomain(before), object) });
    }
    return after;
  });
  forgetHost(d.name);
  return row;
}

export async function verifyDomain(actor: Actor, id: string) {
  await findDomain(db, actor, id);
  const row = await checkDomain(id, actor);
  if (!row) throw notFound('Domain');
  return toDomain(row);
}

export async function deleteDomain(actor: Actor, id: string) {
  const d = await db.$transaction(async (tx) => {
    const d = await findDomain(tx, actor, id);
    await tx.link.updateMany({ where: { domainId: d.id }, data: { domainId: null } });
    await tx.linkPreset.updateMany({ where: { domainId: d.id }, data: { domainId: null } });
    await tx.domain.delete({ where: { id: d.id } });
    await emit(tx, actor, { type: 'domain.deleted', object: { id: d.id, object: 'domain', deleted: true } });
    return d;
  });
  forgetHost(d.name);
  if (vercelConfigured()) await removeFromProject(d.name);
  return { id: d.id, object: 'domain' as const, deleted: true as const };
}

/** A link's or preset's domain_id: one of the team's verified domains (else 422). */
export async function checkDomainId(tx: Tx, actor: Pick<Actor, 'teamId'>, id: string | null | undefined) {
  if (!id) return;
  const d = await tx.domain.findFirst({ where: { id, teamId: actor.teamId }, select: { status: true } });
  if (!d) throw invalid('domain_id', 'is not a domain of this team');
  if (d.status !== 'verified') throw invalid('domain_id', 'names a domain that is not verified yet: verify it first');
}
