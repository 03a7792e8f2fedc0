// Access denials: attempts a link's gates refused (a wrong password or code, an address the link
// does not admit). They are never visitors nor views (analytics/definitions.ts); owners see them
// apart, on the link and on the room. Attempts refused by a rate limit are not written, so the
// viewer's limits bound what a stranger can add here. Dashboard-only (no /v1 operation).
import type { Actor } from '../../auth/actor';
import { db } from '../../db/client';
import { newId } from '../../ids';
import { iso } from '../../schemas/common';
import { findRoom } from '../room-lookup';
import { findLink } from '../link-lookup';

export const DENIAL_REASONS = ['not_allowed', 'wrong_password', 'wrong_code', 'expired_code'] as const;
export type DenialReason = (typeof DENIAL_REASONS)[number];

/** How many of the latest denials a list shows. */
export const DENIALS_SHOWN = 100;

export async function recordDenial(
  link: { id: string; teamId: string; dataroomId: string | null },
  d: { email: string | null; reason: DenialReason; address: string | null; userAgent: string | null },
) {
  await db.accessDenial.create({
    data: {
      id: newId(),
      teamId: link.teamId,
      linkId: link.id,
      dataroomId: link.dataroomId,
      email: d.email?.toLowerCase() ?? null,
      reason: d.reason,
      ipAddress: d.address?.slice(0, 64) || null,
      userAgent: d.userAgent?.slice(0, 512) ?? null,
    },
  });
}

/** The latest denials of one of the team's links, or of every link of one of its rooms, newest first. */
export async function listAccessDenials(actor: Actor, target: { link_id: string } | { dataroom_id: string }) {
  const where =
    'link_id' in target
      ? { linkId: (await findLink(db, actor, target.link_id)).id }
      : { dataroomId: (await findRoom(db, actor, target.dataroom_id)).id };
  const [rows, total] = await Promise.all([
    db.accessDenial.findMany({
      where: { ...where, teamId: actor.teamId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: DENIALS_SHOWN,
      select: { id: true, email: true, reason: true, ipAddress: true, userAgent: true, createdAt: true, link: { select: { id: true, name: true } } },
    }),
    db.accessDenial.count({ where: { ...where, teamId: actor.teamId } }),
  ]);
  return {
    total,
    data: rows.map((r) => ({
      id: r.id,
      email: r.email,
      reason: r.reason as DenialReason,
      ip_address: r.ipAddress,
      user_agent: r.userAgent,
      link_id: r.link.id,
      link_name: r.link.name,
      created: iso(r.createdAt),
    })),
  };
}
