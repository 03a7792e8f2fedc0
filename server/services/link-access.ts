// What a link's visitors actually get, for the dashboard's summary of a link (issue 41 item 7):
// downloads and Q&A decided by the viewer's own rules (visitor/content.ts: the link's document or
// the room's tree as the link's audience sees it; questions/visitor.ts: the room's Q&A), never
// restated here. On a group link the group's permissions decide downloads, not allow_download.
import type { Actor } from '../auth/actor';
import { db } from '../db/client';
import { findLink } from './link-lookup';
import { qaRoom } from './questions/visitor';
import { linkDocument, roomTree, type ShownDocument } from './visitor/content';
import type { Watermark } from './links/settings';

export type LinkAccess = {
  download: {
    /** Who decides: the link's allow_download, or (group links) the group's permissions. */
    decided_by: 'link' | 'group';
    group_name: string | null;
    /** The documents the link's visitors see, and how many of them they may download. */
    documents: number;
    downloadable: number;
    /** Seen but not downloadable although downloads are allowed: the link's watermark cannot go on them (videos, files without a preview yet). */
    watermark_blocked: number;
    /** A room's "Download all" (the room allows it and something may be downloaded). */
    download_all: boolean;
  };
  /** Room Q&A as the link's visitors get it (document links: never). */
  qa: { enabled: boolean; limit_per_day: number | null };
};

export async function linkAccess(actor: Actor, id: string): Promise<LinkAccess> {
  const link = await findLink(db, actor, id);
  const audience = {
    teamId: link.teamId,
    documentId: link.documentId,
    dataroomId: link.dataroomId,
    audienceType: link.audienceType,
    groupId: link.groupId,
    allowDownload: link.allowDownload,
    watermarkConfig: link.watermarkConfig as Watermark | null,
  };
  const [shown, qa, group] = await Promise.all([
    link.dataroomId ? roomTree(audience).then((t) => ({ docs: t?.documents ?? [], bulk: !!t?.room.allowBulkDownload })) : linkDocument(audience).then((d) => ({ docs: d ? [d] : [], bulk: false })),
    qaRoom(audience),
    link.groupId ? db.viewerGroup.findFirst({ where: { id: link.groupId, dataroomId: link.dataroomId ?? undefined }, select: { name: true } }) : null,
  ]);
  const docs: ShownDocument[] = shown.docs;
  const downloadable = docs.filter((d) => d.canDownload).length;
  return {
    download: {
      decided_by: link.audienceType === 'group' ? 'group' : 'link',
      group_name: group?.name ?? null,
      documents: docs.length,
      downloadable,
      watermark_blocked: docs.filter((d) => !d.canDownload && d.downloadRefusal).length,
      download_all: shown.bulk && downloadable > 0,
    },
    qa: qa?.qaEnabled ? { enabled: true, limit_per_day: qa.limit } : { enabled: false, limit_per_day: null },
  };
}
