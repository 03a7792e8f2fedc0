// /view/{slug}/d/{item}: one document of a room, opened inside the room (a DOCUMENT_VIEW whose
// parent is the room's view). The item must be visible to the link's group.
import { ChevronRight } from 'lucide-react';
import { notFound, redirect } from 'next/navigation';
import { DocumentBody } from '@/components/viewer/document-body';
import { pageSheetsOf } from '@/server/services/visitor/content';
import { QaPanel } from '@/components/viewer/qa-panel';
import { hasPages } from '@/lib/shared/preview-status';
import { loadViewerPage } from '@/server/viewer/page';
import { viewerCaller } from '@/server/viewer/router';
import { firstOf, overlayFor, Shell, viewerMetadata } from '../../shared';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ slug: string; item: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props) {
  return viewerMetadata((await params).slug);
}

export default async function RoomDocumentPage({ params, searchParams }: Props) {
  const { slug, item } = await params;
  const sp = await searchParams;
  const page = await loadViewerPage(slug);
  const { ctx } = page;
  if (ctx.state.state === 'not_found' || !ctx.state.link.dataroomId) notFound();
  // Expired, or not through the gates yet: the link's own page says so or asks.
  if (ctx.state.state === 'expired' || !ctx.actor) redirect(`/view/${slug}`);
  const link = ctx.state.link;
  const caller = viewerCaller(ctx);
  const tree = await caller.tree();
  const doc = tree?.documents.find((d) => d.placementId === item);
  if (!tree || !doc) notFound();
  const { viewId } = await caller.visit({ document: { documentId: doc.documentId, versionId: doc.versionId } });
  if (doc.externalUrl && !doc.storageKey) redirect(doc.externalUrl);
  const qa = await caller.questions();
  const byId = new Map(tree.folders.map((f) => [f.id, f]));
  const crumbs = [];
  for (let f = doc.folderId ? byId.get(doc.folderId) : undefined; f; f = f.parentId ? byId.get(f.parentId) : undefined) crumbs.unshift(f);
  return (
    <Shell page={page} title={tree.room.name} wide>
      <nav aria-label="Breadcrumb" className="mb-3 flex flex-wrap items-center gap-1 text-sm" data-testid="breadcrumbs">
        <a href={`/view/${slug}`} className="font-medium text-zinc-700 hover:underline">
          {tree.room.name}
        </a>
        {crumbs.map((f) => (
          <span key={f.id} className="flex items-center gap-1">
            <ChevronRight className="h-3.5 w-3.5 text-zinc-400" />
            <a href={`/view/${slug}?folder=${f.id}`} className="text-zinc-700 hover:underline">
              {f.name}
            </a>
          </span>
        ))}
        <ChevronRight className="h-3.5 w-3.5 text-zinc-400" />
        <span className="text-zinc-500">{doc.name}</span>
      </nav>
      <div className={qa.enabled ? 'lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-6' : undefined}>
        <div className="min-w-0">
          <DocumentBody
            base={`/view/${slug}/d/${item}`}
            eventsUrl={`/view/${slug}/events`}
            doc={doc}
            viewId={viewId}
            watermark={overlayFor(link, ctx.actor, ctx.address)}
            t={page.words.t}
            initialPage={Number(firstOf(sp.page)) || 1}
            pageSheets={await pageSheetsOf(doc)}
            search={link.enableSearch ? { url: `/view/${slug}/search`, item, q: firstOf(sp.q).slice(0, 200) } : null}
          />
        </div>
        {qa.enabled && (
          <QaPanel
            slug={slug}
            item={{ id: item, name: doc.name, numPages: hasPages(doc) ? doc.numPages : 0 }}
            initial={qa}
            t={page.words.t}
            lang={page.words.lang}
            className="mt-6 mb-20 lg:sticky lg:top-4 lg:mt-0 lg:mb-0 lg:self-start"
          />
        )}
      </div>
    </Shell>
  );
}
