// What a visitor-facing mail calls a link: the room's or the document's name, never the link's
// own name (the share dialog promises that only the team sees it).
import type { Tx } from '../../db/client';

export async function sharedName(tx: Tx, link: { teamId: string; documentId: string | null; dataroomId: string | null }): Promise<string> {
  if (link.dataroomId) {
    const room = await tx.dataroom.findFirst({ where: { id: link.dataroomId, teamId: link.teamId }, select: { name: true } });
    return room ? `the data room “${room.name}”` : 'a data room';
  }
  if (link.documentId) {
    const doc = await tx.document.findFirst({ where: { id: link.documentId, teamId: link.teamId }, select: { name: true } });
    return doc ? `“${doc.name}”` : 'a document';
  }
  return 'a document';
}
