// /view/{slug}: the link's gates, one at a time, then what it shares: a document (page images,
// an image, a card, or a redirect for link and Notion documents) or a data room. Not found for
// an unknown, deleted, or orphaned link; the expired notice (HTTP 410, see proxy.ts) for an
// expired one. What shows before admission is decided in server/viewer/page-view.tsx (which the
// node:http fast path renders too).
import { notFound, redirect } from 'next/navigation';
import { DocumentBody } from '@/components/viewer/document-body';
import { pageSheetsOf } from '@/server/services/visitor/content';
import { QaPanel } from '@/components/viewer/qa-panel';
import { RoomView } from '@/components/viewer/room-view';
import { loadViewerPage, targetName } from '@/server/viewer/page';
import { viewerCaller } from '@/server/viewer/router';
import { firstOf, pageOutcome, Shell, UnadmittedPage, welcomeOf } from '@/server/viewer/page-view';
import { overlayFor, viewerMetadata } from './shared';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

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
    const b = page.branding!;
    return (
      <Shell page={page} title={tree.room.name} wide>
        <RoomView
          slug={slug}
          tree={tree}
          folderId={firstOf(sp.folder) || null}
          q={firstOf(sp.q).slice(0, 200)}
          t={page.words.t}
          welcome={welcomeOf(page, link)}
          layout={{ cardLayout: b.card_layout, showFolderTree: b.show_folder_tree, hideFolderIcons: b.hide_folder_icons_in_main }}
        />
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
      />
    </Shell>
  );
}
