// What the branding preview draws (issue 26: it showed made-up files): one of the team's rooms,
// as a general link without downloads shows it, or one of its document links with that link's
// real document, through the viewer's own reads. The picker lists what the brand is really on
// (visitorBranding's rules: a link's pinned brand; a room showing the brand by its own setting;
// the default brand wherever nothing else is chosen); a brand on nothing yet, a brand being
// created and a room's own branding tab get the team's rooms and document links instead.
// Default choice: the newest room, else the newest document link; none when the team has neither.
import type { Actor } from '../../auth/actor';
import type { Prisma } from '../../db/generated/client';
import { db } from '../../db/client';
import { notFound } from '../../errors';
import { linkDocument, roomTree, type RoomTreeView, type ShownDocument } from '../visitor/content';

const MAX_TARGETS = 200;

export type PreviewInput = { brand_id?: string; dataroom_id?: string; link_id?: string };
type RoomTarget = { id: string; name: string };
type LinkTarget = { id: string; name: string | null; document_name: string };
/** The link's document as the viewer's components read it; storage keys become flags (the components only test them). */
export type PreviewDocument = Omit<ShownDocument, 'storageKey' | 'previewKey' | 'externalUrl'> & { storageKey: 'stored' | null; previewKey: 'preview' | null; externalUrl: null };

export type BrandingPreview = {
  /** brand: the lists are what the brand is on; team: the team's rooms and document links (see above). */
  scope: 'brand' | 'team';
  rooms: RoomTarget[];
  links: LinkTarget[];
  shown: { kind: 'room'; tree: RoomTreeView } | { kind: 'document'; link: LinkTarget & { show_banner: boolean }; document: PreviewDocument } | null;
};

async function roomsWhere(actor: Actor, where: Prisma.DataroomWhereInput): Promise<RoomTarget[]> {
  return db.dataroom.findMany({
    where: { teamId: actor.teamId, deletedAt: null, ...where },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { id: true, name: true },
    take: MAX_TARGETS,
  });
}

async function linksWhere(actor: Actor, where: Prisma.LinkWhereInput): Promise<LinkTarget[]> {
  const rows = await db.link.findMany({
    where: { teamId: actor.teamId, deletedAt: null, documentId: { not: null }, ...where },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { id: true, name: true, document: { select: { name: true } } },
    take: MAX_TARGETS,
  });
  return rows.map((l) => ({ id: l.id, name: l.name, document_name: l.document?.name ?? '' }));
}

/** The rooms and document links whose visitors see `brandId` (effective.ts decides the same way). */
async function brandTargets(actor: Actor, brandId: string) {
  const brand = await db.brand.findFirst({ where: { id: brandId, teamId: actor.teamId }, select: { id: true, isDefault: true } });
  if (!brand) throw notFound('Brand');
  const byDefault = brand.isDefault ? [{ brandingMode: 'team_default' as const }, { brandingMode: 'team_brand' as const, brandId: null }] : [];
  const [rooms, links] = await Promise.all([
    roomsWhere(actor, { OR: [{ brandingMode: 'team_brand', brandId: brand.id }, ...byDefault, { links: { some: { brandId: brand.id, deletedAt: null } } }] }),
    linksWhere(actor, { OR: [{ brandId: brand.id }, ...(brand.isDefault ? [{ brandId: null }] : [])] }),
  ]);
  return { rooms, links };
}

async function shownRoom(actor: Actor, id: string): Promise<BrandingPreview['shown']> {
  const tree = await roomTree({ dataroomId: id, audienceType: 'general', groupId: null, allowDownload: false });
  if (!tree) return null;
  // Only what the room page draws; no storage keys (tiles show type icons: thumbnails come from a link's routes).
  const documents = tree.documents.map((d) => ({
    placementId: d.placementId, folderId: d.folderId, name: d.name, type: d.type, contentType: d.contentType,
    numPages: d.numPages, canDownload: d.canDownload, storageKey: null, pageWidth: d.pageWidth, pageHeight: d.pageHeight, indexNumber: d.indexNumber,
  }));
  return { kind: 'room', tree: { ...tree, documents } };
}

async function shownLink(actor: Actor, target: LinkTarget): Promise<BrandingPreview['shown']> {
  const link = await db.link.findFirst({
    where: { id: target.id, teamId: actor.teamId, deletedAt: null },
    select: { documentId: true, teamId: true, allowDownload: true, showBanner: true },
  });
  const d = link ? await linkDocument(link) : null;
  if (!link || !d) return null;
  const { storageKey, previewKey, externalUrl: _url, ...rest } = d;
  return {
    kind: 'document',
    link: { ...target, show_banner: link.showBanner },
    document: { ...rest, storageKey: storageKey ? 'stored' : null, previewKey: previewKey ? 'preview' : null, externalUrl: null },
  };
}

export async function brandingPreview(actor: Actor, input: PreviewInput): Promise<BrandingPreview> {
  let scope: BrandingPreview['scope'] = 'team';
  let targets = input.brand_id ? await brandTargets(actor, input.brand_id) : null;
  if (targets && (targets.rooms.length || targets.links.length)) scope = 'brand';
  else targets = { rooms: await roomsWhere(actor, {}), links: await linksWhere(actor, {}) };
  const { rooms, links } = targets;

  // A choice outside the lists (a room's own tab, a target the brand left) is shown and listed.
  if (input.link_id) {
    let target = links.find((l) => l.id === input.link_id);
    if (!target) {
      target = (await linksWhere(actor, { id: input.link_id }))[0];
      if (!target) throw notFound('Link');
      links.push(target);
    }
    return { scope, rooms, links, shown: await shownLink(actor, target) };
  }
  if (input.dataroom_id) {
    if (!rooms.some((r) => r.id === input.dataroom_id)) {
      const room = (await roomsWhere(actor, { id: input.dataroom_id }))[0];
      if (!room) throw notFound('Data room');
      rooms.push(room);
    }
    return { scope, rooms, links, shown: await shownRoom(actor, input.dataroom_id) };
  }
  const shown = rooms[0] ? await shownRoom(actor, rooms[0].id) : links[0] ? await shownLink(actor, links[0]) : null;
  return { scope, rooms, links, shown };
}
