// /view/{slug}: the link's gates, one at a time, then what it shares: a document (page images,
// an image, a card, or a redirect for link and Notion documents) or a data room. Not found for
// an unknown, deleted, or orphaned link; the expired notice (HTTP 410, see proxy.ts) for an
// expired one.
import { notFound, redirect } from 'next/navigation';
import { DocumentBody } from '@/components/viewer/document-body';
import { errorMessage, GateForm, ViewerNotice } from '@/components/viewer/gate';
import { RoomView } from '@/components/viewer/room-view';
import { pendingGate } from '@/server/services/viewer/gates';
import { loadViewerPage, targetName } from '@/server/viewer/page';
import { viewerCaller } from '@/server/viewer/router';
import { COOKIE_SET_PARAM } from '@/server/viewer/session';
import { firstOf, overlayFor, Shell, viewerMetadata, welcomeOf } from './shared';

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
  const { t } = page.words;
  if (ctx.state.state === 'not_found') notFound();
  const link = ctx.state.link;
  const name = await targetName(link);

  if (ctx.state.state === 'expired') {
    return (
      <Shell page={page} title={name}>
        <ViewerNotice title={t.expiredTitle} body={t.expiredBody} testId="link-expired" />
      </Shell>
    );
  }

  // The answer that set the session cookie sent the browser here with ?s=1: without the cookie
  // back, the browser blocks cookies (and a link without gates would loop through /enter).
  if (firstOf(sp[COOKIE_SET_PARAM]) === '1') {
    if (!ctx.state.session) {
      return (
        <Shell page={page} title={name}>
          <ViewerNotice title={t.cookiesTitle} body={t.cookiesBody} testId="cookies-blocked" action={{ href: `/view/${slug}`, label: t.tryAgain }} />
        </Shell>
      );
    }
    const rest = new URLSearchParams(Object.entries(sp).flatMap(([k, v]) => (k === COOKIE_SET_PARAM || v === undefined ? [] : [[k, firstOf(v)]])));
    redirect(`/view/${slug}${rest.size ? `?${rest}` : ''}`);
  }

  if (!ctx.actor) {
    const session = ctx.state.session;
    const gate = pendingGate(link, session);
    // Nothing left to ask (no gates, or settings changed since): the enter route decides.
    if (!gate) redirect(`/view/${slug}/enter`);
    const code = firstOf(sp.e);
    const field = link.customFields.find((f) => f.identifier === firstOf(sp.f));
    return (
      <Shell page={page} title={name}>
        <GateForm
          slug={slug}
          gate={gate}
          t={t}
          error={errorMessage(t, code, field)}
          welcome={welcomeOf(page, link)}
          title={null}
          email={session?.email ?? null}
          fields={link.customFields}
        />
      </Shell>
    );
  }

  const caller = viewerCaller(ctx);
  if (link.dataroomId) {
    const tree = await caller.tree();
    if (!tree) notFound();
    await caller.visit({ document: null });
    const b = page.branding!;
    return (
      <Shell page={page} title={tree.room.name} wide>
        <RoomView
          slug={slug}
          tree={tree}
          folderId={firstOf(sp.folder) || null}
          q={firstOf(sp.q).slice(0, 200)}
          t={t}
          welcome={welcomeOf(page, link)}
          layout={{ cardLayout: b.card_layout, showFolderTree: b.show_folder_tree, hideFolderIcons: b.hide_folder_icons_in_main }}
        />
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
        t={t}
        initialPage={Number(firstOf(sp.page)) || 1}
      />
    </Shell>
  );
}
