// Applying a redaction (the `redaction.apply` job, server/jobs/redactions.ts): every marked page
// of the source PDF is drawn with its marks burnt in, on the render threads a few at a time; the
// new PDF is put together (marked pages as images with the words outside the marks as an
// invisible text layer, other pages copied without annotations, the catalogue's bookmarks, form
// fields, attachments and metadata left behind); it is read back and verified; only a file with
// no character under a mark and no hidden copy of marked text is stored and made the primary
// version, in one transaction with the redaction's `applied` and its event.
import { db } from '../../db/client';
import { Prisma } from '../../db/generated/client';
import { newId } from '../../ids';
import type { Box, LayerWord, RedactedRaster } from '../../media/redact';
import { composeRedactedOffThread, redactionThreads, redactPageOffThread, verifyRedactedOffThread } from '../../media/render-pool';
import { getBlobStore } from '../../storage';
import type { PdfInfo } from '../../files/pdf';
import { emit, type EventActor } from '../events/emit';
import { addGeneratedVersion } from '../versions';
import { foldTerm, wordsOutside, type PageText } from './find';
import { pdfKeyOf, toRedaction, type StoredMark } from './redactions';

/** Errors are told by name: the render pool may belong to another bundle's copy of these modules. */
const named = (e: unknown, ...names: string[]) => names.includes((e as Error | null)?.name ?? '');

/** Runs `fn` on the render threads, waiting while they are full of visitors' pages. */
async function offThread<T>(fn: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await fn();
    } catch (e) {
      if (!named(e, 'WorkerPoolBusyError')) throw e;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

/** A redaction that cannot be applied as asked: it ends `failed` with this reason, nothing published. */
class RedactionFailed extends Error {}

async function fail(id: string, reason: string) {
  await db.redaction.updateMany({ where: { id, status: 'applying' }, data: { status: 'failed', error: reason } });
}

/** The words the text layer keeps on each marked page (from the version's stored text layer). */
async function layerWords(versionId: string, marks: Map<number, Box[]>): Promise<Record<number, LayerWord[]>> {
  const rows = await db.pageText.findMany({ where: { versionId, pageNumber: { in: [...marks.keys()] } }, select: { pageNumber: true, body: true, words: true } });
  const out: Record<number, LayerWord[]> = {};
  for (const r of rows) {
    const p: PageText = { page: r.pageNumber, body: r.body, words: r.words as number[] };
    out[r.pageNumber] = wordsOutside(p, marks.get(r.pageNumber) ?? []);
  }
  return out;
}

/** Words two characters or longer that hidden parts of the result must not hold. */
const needlesOf = (marks: StoredMark[]) => [...new Set(marks.map((m) => foldTerm(m.text)).filter((t) => t.replace(/\W/g, '').length >= 3))];

function verificationFailure(v: { charactersUnderMarks: number; pagesWithCharacters: number[]; hidden: string[] }): string | null {
  if (v.charactersUnderMarks > 0) {
    const pages = v.pagesWithCharacters.slice(0, 5).join(', ');
    return `Verification found ${v.charactersUnderMarks} character${v.charactersUnderMarks === 1 ? '' : 's'} of text under the marks (page${v.pagesWithCharacters.length === 1 ? '' : 's'} ${pages}); nothing was published.`;
  }
  if (v.hidden.length) return `Verification found marked text or a hidden part left in ${[...new Set(v.hidden)].slice(0, 3).join('; ')}; nothing was published.`;
  return null;
}

async function build(r: { id: string; sourceVersionId: string; marks: StoredMark[] }) {
  const v = await db.documentVersion.findUnique({ where: { id: r.sourceVersionId } });
  const key = v && pdfKeyOf(v);
  if (!v || !key) throw new RedactionFailed('The version this redaction was drawn on has no PDF any more.');
  const store = getBlobStore();
  const readFile = () => store.read(key);
  const byPage = new Map<number, Box[]>();
  for (const m of r.marks) byPage.set(m.page, [...(byPage.get(m.page) ?? []), { x: m.x, y: m.y, width: m.width, height: m.height }]);
  const pages = [...byPage.keys()].sort((a, b) => a - b);
  let rasters: RedactedRaster[];
  try {
    rasters = await mapLimit(pages, 2 * redactionThreads(), (page) => offThread(() => redactPageOffThread({ versionId: v.id, pageNumber: page, marks: byPage.get(page)! }, readFile)));
  } catch (e) {
    if (named(e, 'DocumentNotRenderableError')) {
      const reason = (e as { reason?: string }).reason;
      throw new RedactionFailed(reason === 'password' ? 'The PDF is protected by a password; it cannot be redacted.' : 'The PDF could not be read: it is damaged or not a complete PDF file.');
    }
    if (named(e, 'PageOutOfRangeError')) throw new RedactionFailed('A mark is on a page the PDF does not have.');
    throw e;
  }
  const needles = needlesOf(r.marks);
  let pdf: Uint8Array;
  let info: PdfInfo;
  try {
    ({ bytes: pdf, info } = await offThread(async () => composeRedactedOffThread({ pdf: await readFile(), rasters, words: await layerWords(v.id, byPage), needles })));
  } catch (e) {
    if (named(e, 'RedactionInputError')) throw new RedactionFailed((e as Error).message);
    throw e;
  }
  const marksByPage = Object.fromEntries(byPage);
  const check = await offThread(() => verifyRedactedOffThread({ pdf, pages: info.pages, marks: marksByPage, needles }));
  const failure = verificationFailure(check);
  const verification = { pages_checked: check.pagesChecked, characters_under_marks: check.charactersUnderMarks, checked_at: new Date().toISOString() };
  return { v, pdf, info, verification, failure };
}

export async function runRedaction(id: string, actor: EventActor): Promise<void> {
  const r = await db.redaction.findFirst({ where: { id, status: 'applying' } });
  if (!r) return;
  let built: Awaited<ReturnType<typeof build>>;
  try {
    built = await build({ id: r.id, sourceVersionId: r.sourceVersionId, marks: r.marks as StoredMark[] });
  } catch (e) {
    if (e instanceof RedactionFailed) return fail(id, e.message);
    throw e; // the queue tries again
  }
  const { v, pdf, info, verification, failure } = built;
  if (failure) {
    await db.redaction.updateMany({ where: { id, status: 'applying' }, data: { status: 'failed', error: failure, verification } });
    return;
  }
  const storageKey = `files/${r.teamId}/${newId()}`;
  const store = getBlobStore();
  await store.put(storageKey, pdf, 'application/pdf');
  try {
    await db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ status: string }[]>`SELECT status FROM redactions WHERE id = ${id} FOR UPDATE`;
      if (rows[0]?.status !== 'applying') throw new Error('gone');
      const created = await addGeneratedVersion(tx, { ...actor, teamId: r.teamId } as EventActor, r.documentId, {
        type: 'pdf',
        contentType: 'application/pdf',
        storageKey,
        numPages: info.pages,
        fileSize: BigInt(pdf.byteLength),
        pageWidth: info.firstPage?.width ?? null,
        pageHeight: info.firstPage?.height ?? null,
      });
      const applied = await tx.redaction.update({
        where: { id },
        data: { status: 'applied', error: null, verification: verification as Prisma.InputJsonValue, resultVersionId: created.id, appliedAt: new Date() },
      });
      await emit(tx, { ...actor, teamId: r.teamId } as EventActor, { type: 'redaction.applied', object: toRedaction(applied) });
    });
  } catch (e) {
    await store.delete([storageKey]).catch(() => {});
    if ((e as Error).message === 'gone') return;
    throw e;
  }
  void v;
}

/** The queue gave up (the engine kept failing): the redaction says so; nothing was published. */
export async function giveUpRedaction(id: string, error: string) {
  await fail(id, `Applying the redaction failed several times (${error.slice(0, 200)}); nothing was published.`);
}
