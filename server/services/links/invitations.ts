// Link invitations (DESIGN.md "Agreements (NDA before access), invitations, access requests"):
// a link mailed to a list of addresses, from the team's name, with the sender's message. Not the
// team member invitations (server/services/invitations.ts).
//
// The rows are written first (they reserve the team's daily cap under a lock, and a group link's
// addresses join its group in the same transaction); the mails go out after the commit; each row
// then says "sent" or "failed", and every sent one emits invitation.sent.
import type { Actor } from '../../auth/actor';
import { sendLinkMail } from '../../auth/mail';
import { config } from '../../config';
import { db, type Tx } from '../../db/client';
import { ApiError, invalid } from '../../errors';
import { newId } from '../../ids';
import { cursorInstant, decodeCursor, iso, page } from '../../schemas/common';
import { teamDefaultBrand } from '../branding/effective';
import { addMembersIn } from '../datarooms/groups';
import { findRoom } from '../room-lookup';
import { emitMany } from '../events/emit';
import { lockKey } from '../locks';
import { findLink } from './links';
import { linkUrlBySlug } from '../domains/link-domain';
import { sharedName } from './shared-name';

type Row = {
  id: string;
  linkId: string;
  email: string;
  status: string;
  error: string | null;
  sentAt: Date | null;
  createdAt: Date;
  firstViewedAt: Date | null;
};

export type LinkInvitation = ReturnType<typeof toInvitation>;

const toInvitation = (r: Row) => ({
  id: r.id,
  object: 'invitation' as const,
  link_id: r.linkId,
  email: r.email,
  // "sending" only while the mails of a request are under way.
  status: r.status as 'sending' | 'sent' | 'failed',
  error: r.error,
  sent_at: r.sentAt ? iso(r.sentAt) : null,
  first_viewed_at: r.firstViewedAt ? iso(r.firstViewedAt) : null,
});

/** Mails sent at once (SMTP connections are pooled by the transport). */
const PARALLEL_MAILS = 5;

const dayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

// first_viewed_at is read from the views: the first view of the link by that address since the
// invitation (views keep the lower-cased email), so the viewer's hot path writes nothing more.
const SELECT = `
  SELECT i.id, i.link_id AS "linkId", i.email, i.status, i.error, i.sent_at AS "sentAt", i.created_at AS "createdAt",
    (SELECT min(v.viewed_at) FROM views v
      WHERE v.link_id = i.link_id AND v.viewer_email = i.email AND v.viewed_at >= i.created_at) AS "firstViewedAt"
  FROM link_invitations i`;

export async function inviteToLink(actor: Actor, linkId: string, input: { emails: string[]; message?: string | null }) {
  const emails = [...new Set(input.emails)];
  const message = input.message?.trim() || null;
  const now = new Date();
  const prepared = await db.$transaction(async (tx) => {
    const link = await findLink(tx, actor, linkId);
    await lockKey(tx, 'link-invitations', actor.teamId);
    const cap = config.invitationsPerTeamPerDay;
    const since = dayStart(now);
    const used = await tx.linkInvitation.count({ where: { teamId: actor.teamId, createdAt: { gte: since } } });
    if (used + emails.length > cap) {
      const reset = new Date(since.getTime() + 24 * 3600_000);
      const left = Math.max(0, cap - used);
      throw new ApiError(
        'rate_limit_exceeded',
        `At most ${cap} invitation emails per team a day: ${left} left today, ${emails.length} asked. The count resets at ${iso(reset)}.`,
        { limit: cap, remaining: left, reset_at: iso(reset), retry_after_seconds: Math.ceil((reset.getTime() - now.getTime()) / 1000) },
      );
    }
    if (link.audienceType === 'group') {
      if (!link.groupId || !link.dataroomId) throw invalid('id', 'this group link has no group any more');
      const room = await findRoom(tx, actor, link.dataroomId, 'share');
      await addMembersIn(tx, actor, room, link.groupId, emails);
    }
    const ids = emails.map(() => newId());
    await tx.linkInvitation.createMany({
      data: emails.map((email, i) => ({ id: ids[i]!, teamId: actor.teamId, linkId: link.id, email, message, status: 'sending', createdAt: now })),
    });
    const team = await tx.team.findUniqueOrThrow({ where: { id: actor.teamId }, select: { name: true } });
    const brand = link.brandId ? await tx.brand.findFirst({ where: { id: link.brandId, teamId: actor.teamId } }) : await teamDefaultBrand(tx, actor.teamId);
    return { link, ids, team, color: brand?.brandColor ?? null, what: await sharedName(tx, link) };
  });

  const { link, ids, team, color, what } = prepared;
  const url = await linkUrlBySlug(link.slug);
  const outcome: { error: string | null }[] = new Array(emails.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < emails.length; i = next++) {
      try {
        await sendLinkMail({
          to: emails[i]!,
          kind: 'link invitation',
          subject: `${team.name} shared ${what} with you`,
          intro: `${team.name} invited you to view ${what}.`,
          actionLabel: 'Open',
          url,
          brand: { name: team.name, color },
          message,
        });
        outcome[i] = { error: null };
      } catch (e) {
        outcome[i] = { error: (e as Error).message.slice(0, 500) || 'The email could not be sent' };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_MAILS, emails.length) }, worker));

  const sentAt = new Date();
  const rows = await db.$transaction(async (tx: Tx) => {
    const sent = ids.filter((_, i) => !outcome[i]!.error);
    if (sent.length) await tx.linkInvitation.updateMany({ where: { id: { in: sent } }, data: { status: 'sent', sentAt } });
    for (const [i, id] of ids.entries()) {
      if (outcome[i]!.error) await tx.linkInvitation.update({ where: { id }, data: { status: 'failed', error: outcome[i]!.error } });
    }
    const found = await tx.$queryRawUnsafe<Row[]>(`${SELECT} WHERE i.id = ANY($1::text[]) AND i.team_id = $2`, ids, actor.teamId);
    const byId = new Map(found.map((r) => [r.id, toInvitation(r)]));
    const ordered = ids.map((id) => byId.get(id)!);
    await emitMany(
      tx,
      actor,
      ordered.filter((o) => o.status === 'sent').map((object) => ({ type: 'invitation.sent' as const, object, dataroomId: link.dataroomId })),
    );
    return ordered;
  });
  return { data: rows };
}

/** Newest first. */
export async function listLinkInvitations(actor: Actor, linkId: string, q: { limit: number; cursor?: string }) {
  const link = await findLink(db, actor, linkId);
  const after = decodeCursor(q.cursor, 'number', 'string') as [number, string] | null;
  const rows = after
    ? await db.$queryRawUnsafe<Row[]>(
        `${SELECT} WHERE i.link_id = $1 AND (i.created_at, i.id) < ($2::timestamptz, $3) ORDER BY i.created_at DESC, i.id DESC LIMIT $4`,
        link.id,
        new Date(cursorInstant(after[0])),
        after[1],
        q.limit + 1,
      )
    : await db.$queryRawUnsafe<Row[]>(`${SELECT} WHERE i.link_id = $1 ORDER BY i.created_at DESC, i.id DESC LIMIT $2`, link.id, q.limit + 1);
  return page(rows, q.limit, toInvitation, (r) => [r.createdAt.getTime(), r.id]);
}
