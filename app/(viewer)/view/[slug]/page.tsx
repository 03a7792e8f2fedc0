// /view/{slug}: the link's gates, one at a time, then what it shares: a document (page images,
// an image, a card, or a redirect for link and Notion documents) or a data room. Not found for
// an unknown, deleted, or orphaned link; the expired notice (HTTP 410, see proxy.ts) for an
// expired one. What shows before admission is decided in server/viewer/page-view.tsx (which the
// node:http fast path renders too).
import { notFound, redirect } from 'next/navigation';
import { DocumentBody } from '@/components/viewer/document-body';
import { pageSheetsOf } from '@/server/services/visitor/content';
import { QaPanel } from '@/components/viewer/qa-panel';
import { UploadPanel } from '@/components/viewer/upload-panel';
import { MORE_HITS, RoomView, type RoomFound } from '@/components/viewer/room-view';
import { loadViewerPage, targetName } from '@/server/viewer/page';
import { viewerCaller } from '@/server/viewer/router';
import { firstOf, pageOutcome, Shell, UnadmittedPage, welcomeOf } from '@/server/viewer/page-view';
import { overlayFor, viewerMetadata } from './shared';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Most hits the room's results page lists (more asked for 20 at a time). */
const MAX_SHOWN_HITS = 200;

/** The first `want` hits of a room search (the route's pages of 50). */
async function roomHits(caller: ReturnType<typeof viewerCaller>, q: string, want: number): Promise<RoomFound> {
  const hits: RoomFound['hits'] = [];
  let cursor: string | undefined;
  do {
    const r = await caller.search({ q, cursor, limit: Math.min(50, want - hits.length) });
    hits.push(...r.data);
    cursor = r.next_cursor ?? undefined;
  } while (cursor && hits.length < want);
  return { hits, more: !!cursor && hits.length < MAX_SHOWN_HITS };
}

export async function generateMetadata({ params }: Props) {
  return viewerMetadata((await params).slug);
}

export default async function ViewPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const sp = await searchParams;
  const page = await loadViewerPage(slug);
  const { ctx } = page;
  const outcome = pageOutcome(page, slug, sp);
  if (outcome.kind === 'not_found' || ctx.state.state === 'not_found') notFound();
  if (outcome.kind === 'redirect') redirect(outcome.to);
  const link = ctx.state.link;
  if (outcome.kind !== 'admitted' || !ctx.actor) return <UnadmittedPage page={page} outcome={outcome} slug={slug} name={await targetName(link)} sp={sp} />;

  const caller = viewerCaller(ctx);
  if (link.dataroomId) {
    const tree = await caller.tree();
    if (!tree) notFound();
    await caller.visit({ document: null });
    const qa = await caller.questions();
    const uploads = await caller.uploads();
    const folderId = firstOf(sp.folder) || null;
    const b = page.branding!;
    // Search is the link's to allow; without it the room has no search box and ignores ?q=.
    const q = link.enableSearch ? firstOf(sp.q).slice(0, 200) : '';
    const want = Math.min(MAX_SHOWN_HITS, Math.max(MORE_HITS, Math.floor(Number(firstOf(sp.hits)) || 0)));
    const found = q.trim() ? await roomHits(caller, q, want) : null;
    return (
      <Shell page={page} title={tree.room.name} wide>
        <RoomView
          slug={slug}
          tree={tree}
          folderId={folderId}
          uploadHere={uploads.verified && uploads.folders.some((f) => f.id === folderId)}
          q={q}
          search={link.enableSearch ? { found } : null}
          t={page.words.t}
          welcome={welcomeOf(page, link)}
          layout={{ cardLayout: b.card_layout, showFolderTree: b.show_folder_tree, hideFolderIcons: b.hide_folder_icons_in_main }}
        />
        {(uploads.enabled || uploads.mine.length > 0) && (
          <UploadPanel slug={slug} folderId={folderId} initial={uploads} t={page.words.t} lang={page.words.lang} className="mt-8 max-w-2xl" />
        )}
        {qa.enabled && <QaPanel slug={slug} item={null} initial={qa} t={page.words.t} lang={page.words.lang} className="mt-8 max-w-2xl" />}
      </Shell>
    );
  }

  const doc = await caller.document({ item_id: null });
  if (!doc) notFound();
  const { viewId } = await caller.visit({ document: { documentId: doc.documentId, versionId: doc.versionId } });
  // Link and Notion documents open where they live; the visit is recorded first.
  if (doc.externalUrl && !doc.storageKey) redirect(doc.externalUrl);
  return (
    <Shell page={page} title={doc.name} wide>
      <DocumentBody
        base={`/view/${slug}`}
        eventsUrl={`/view/${slug}/events`}
        doc={doc}
        viewId={viewId}
        watermark={overlayFor(link, ctx.actor, ctx.address)}
        t={page.words.t}
        initialPage={Number(firstOf(sp.page)) || 1}
        pageSheets={await pageSheetsOf(doc)}
        search={link.enableSearch ? { url: `/view/${slug}/search`, item: null, q: firstOf(sp.q).slice(0, 200) } : null}
      />
    </Shell>
  );
}
