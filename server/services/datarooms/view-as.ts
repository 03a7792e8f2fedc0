// "View as" (DESIGN.md "Room power tools"): a room as one of its groups' visitors, or one of its
// links' visitors, see it, for a team member (datarooms.read). Built from the viewer's own reads,
// with a preview audience in place of a visitor's session: the tree and its permissions
// (roomTree), the branding (visitorBranding), the link's agreement, welcome, banner and
// watermark. Nothing is written: no visitor, view, visit, event, mail or search query.
import type { Actor } from '../../auth/actor';
import { db } from '../../db/client';
import { invalid, notFound } from '../../errors';
import { resolveWatermark, type Watermark } from '../../../lib/shared/watermark';
import { watermarkDateTime, watermarkText } from '../../media/watermark';
import { visitorBranding } from '../branding/effective';
import { roomTree, type RoomTreeView, type TreeAudience } from '../visitor/content';
import { findGroup } from './permissions';
import { findRoom } from './rooms';

export type ViewAsInput = { id: string; group_id?: string; link_id?: string };

/** What the watermark of a preview reads: the link's text, filled with sample values, marked. */
const PREVIEW_VALUES = { email: 'visitor@example.com', ip_address: '203.0.113.7', link_name: '' };

export async function viewAs(actor: Actor, input: ViewAsInput) {
  const room = await findRoom(db, actor, input.id);
  if (!!input.group_id === !!input.link_id) throw invalid('group_id', 'give exactly one of group_id and link_id');
  const [groups, links] = await Promise.all([
    db.viewerGroup.findMany({ where: { dataroomId: room.id }, orderBy: [{ name: 'asc' }, { id: 'asc' }], select: { id: true, name: true } }),
    db.link.findMany({
      where: { dataroomId: room.id, teamId: actor.teamId, deletedAt: null },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { id: true, name: true, slug: true, audienceType: true, groupId: true },
      take: 200,
    }),
  ]);

  let audience: TreeAudience;
  let as: { kind: 'group' | 'link'; id: string; name: string };
  let link: Awaited<ReturnType<typeof findLink>> | null = null;
  if (input.group_id) {
    const group = await findGroup(db, room, input.group_id);
    // The group's rights decide what shows and what downloads, as on any of its links.
    audience = { dataroomId: room.id, audienceType: 'group', groupId: group.id, allowDownload: false };
    as = { kind: 'group', id: group.id, name: group.name };
  } else {
    link = await findLink(actor, room.id, input.link_id!);
    audience = { dataroomId: room.id, audienceType: link.audienceType, groupId: link.groupId, allowDownload: link.allowDownload, watermarkConfig: link.watermarkConfig as never };
    as = { kind: 'link', id: link.id, name: link.name ?? `Link ${link.slug}` };
  }
  const [tree, branding] = await Promise.all([roomTree(audience), visitorBranding({ teamId: room.teamId, dataroomId: room.id, linkBrandId: link?.brandId ?? null })]);
  if (!tree) throw notFound('Data room');
  // The room page's fields only; storage keys become flags (tiles show type icons in a preview).
  const documents: RoomTreeView['documents'] = tree.documents.map((d) => ({
    placementId: d.placementId,
    folderId: d.folderId,
    name: d.name,
    type: d.type,
    contentType: d.contentType,
    numPages: d.numPages,
    canDownload: d.canDownload,
    storageKey: null,
    pageWidth: d.pageWidth,
    pageHeight: d.pageHeight,
    indexNumber: d.indexNumber ?? null,
  }));
  const wm = link?.watermarkConfig ? resolveWatermark(link.watermarkConfig as Partial<Watermark> & { text: string }) : null;
  return {
    as,
    groups,
    links: links.map((l) => ({ id: l.id, name: l.name ?? `Link ${l.slug}`, audience_type: l.audienceType, group_id: l.groupId })),
    tree: { ...tree, documents } satisfies RoomTreeView,
    branding,
    show_banner: link?.showBanner ?? false,
    welcome: link?.welcomeMessage ?? branding.welcome_message ?? null,
    gates: link
      ? { password: !!link.passwordHash, email: link.emailProtected || link.emailAuthenticated, email_verified: link.emailAuthenticated, expires_at: link.expiresAt?.toISOString() ?? null }
      : null,
    agreement: link?.agreement ? { id: link.agreement.id, name: link.agreement.name, content_type: link.agreement.contentType, text: link.agreement.text, url: link.agreement.url } : null,
    watermark: wm ? { ...wm, text: `PREVIEW · ${watermarkText(wm, { ...PREVIEW_VALUES, link_name: link?.name ?? '', ...watermarkDateTime() })}` } : null,
  };
}

async function findLink(actor: Actor, roomId: string, linkId: string) {
  const link = await db.link.findFirst({
    where: { id: linkId, dataroomId: roomId, teamId: actor.teamId, deletedAt: null },
    include: { agreement: { select: { id: true, name: true, contentType: true, text: true, url: true } } },
  });
  if (!link) throw notFound('Link');
  return link;
}

export type ViewAs = Awaited<ReturnType<typeof viewAs>>;
