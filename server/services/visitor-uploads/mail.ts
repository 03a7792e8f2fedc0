// The mails of visitor uploads: the team hears of a new upload (the link's owner while in the team,
// else the admins, as for visits), and the uploader hears the decision (with the reason of a
// rejection). Plain text only: names and reasons are people's words, never markup.
import { queueMail } from '../../auth/mail-queue';
import { config } from '../../config';
import { db, type Tx } from '../../db/client';
import { formatBytes } from '../../../lib/shared/bytes';
import { linkOwners } from '../visitor/notify';
import { instantRecipients } from '../digests/preferences';
import type { ViewerLink } from '../visitor/links';
import type { VisitorUploadObject } from './object';

const roomName = async (tx: Tx, id: string) => (await tx.dataroom.findUnique({ where: { id }, select: { name: true } }))?.name ?? 'the data room';

/**
 * Who hears of a link's uploads at once (members who chose a digest for uploads read them there);
 * read before the upload's transaction (the embedded database has one connection).
 */
export const uploadWatchers = async (link: ViewerLink) => instantRecipients(link.teamId, 'uploads', await linkOwners(link));

/** In the upload's transaction: one mail job per person to tell. */
export async function notifyTeamOfUpload(tx: Tx, to: string[], teamId: string, u: VisitorUploadObject, folder: { path: string }) {
  if (!to.length) return;
  const room = await roomName(tx, u.dataroom_id);
  const url = `${config.appUrl}/datarooms/${u.dataroom_id}?tab=uploads`;
  await queueMail(
    tx,
    to.map((address) => ({
      notice: {
        to: address,
        kind: 'visitor upload notification',
        subject: `${u.uploaded_by.email} uploaded "${u.name}" to ${room}`,
        text:
          `${u.uploaded_by.email} uploaded "${u.name}" (${formatBytes(u.size)}) to the folder ${folder.path} of the data room "${room}".\n\n` +
          `Other visitors do not see it until you approve it. Review it: ${url}\n`,
        logValue: `${url} (${u.id})`,
      },
    })),
    teamId,
  );
}

/** After the decision's commit: the uploader is told, with a link back to the room when theirs still works. */
export async function mailDecision(u: VisitorUploadObject, linkId: string | null): Promise<void> {
  try {
    const link = linkId ? await db.link.findFirst({ where: { id: linkId, deletedAt: null }, select: { slug: true } }) : null;
    const room = await roomName(db, u.dataroom_id);
    const url = link ? `${config.appUrl}/view/${link.slug}#uploads` : null;
    const approved = u.status === 'approved';
    await queueMail(db, {
      notice: {
        to: u.uploaded_by.email,
        kind: approved ? 'upload approved' : 'upload rejected',
        subject: approved ? `"${u.name}" was added to ${room}` : `"${u.name}" was not added to ${room}`,
        text:
          (approved
            ? `Your file "${u.name}" was approved and is now a document of the data room "${room}".\n\n`
            : `Your file "${u.name}" was not added to the data room "${room}".\n\nThe reason given:\n\n${u.reason ?? ''}\n\n`) +
          (url ? `Open the room: ${url}\n` : ''),
        logValue: `${url ?? '(no live link)'} (${u.id})`,
      },
    });
  } catch (e) {
    console.error(`[quire] the decision mail for upload ${u.id} failed:`, e instanceof Error ? e.message : e);
  }
}
