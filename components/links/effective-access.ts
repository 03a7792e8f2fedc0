// The link page's summary of what visitors actually get, in words, from links.access (the
// viewer's own decision: a group link's downloads follow the group's permissions, Q&A the room).
import type { RouterOutputs } from '@/lib/trpc/types';

export type LinkAccess = RouterOutputs['links']['access'];

const docs = (n: number) => `${n} document${n === 1 ? '' : 's'}`;

/** "Allowed", "Not allowed", "Allowed for 3 of 5 documents", with who decides and what the watermark changes. */
export function downloadWords(a: LinkAccess['download'], watermarked: boolean): { value: string; note: string | null } {
  const { documents, downloadable, watermark_blocked } = a;
  const value =
    downloadable === 0
      ? 'Not allowed'
      : downloadable === documents
        ? documents > 1
          ? `Allowed, all ${docs(documents)}`
          : 'Allowed'
        : `Allowed for ${downloadable} of ${docs(documents)}`;
  const notes: string[] = [];
  if (a.decided_by === 'group') notes.push(`Set by the permissions of group “${a.group_name ?? 'this group'}”.`);
  if (watermarked && downloadable > 0) notes.push('Downloads are watermarked PDFs.');
  if (watermark_blocked > 0) notes.push(`${watermark_blocked === 1 ? 'One file cannot' : `${watermark_blocked} files cannot`} carry the watermark (videos, previews not ready), so ${watermark_blocked === 1 ? 'it is' : 'they are'} not downloadable.`);
  if (a.download_all) notes.push('“Download all” is offered.');
  return { value, note: notes.length ? notes.join(' ') : null };
}

export function qaWords(q: LinkAccess['qa']): string {
  if (!q.enabled) return 'Off for this room';
  return `On: visitors verify their email, then ask up to ${q.limit_per_day} question${q.limit_per_day === 1 ? '' : 's'} a day`;
}
