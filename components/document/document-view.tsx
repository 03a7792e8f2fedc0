'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, ExternalLink, FileQuestion, Link2, Loader2, Share2 } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { DocIcon } from '@/components/ui/doc-icon';
import { docTypeLabel } from '@/lib/shared/doc-type-labels';
import { DocumentMenu } from '@/components/library/document-menu';
import { LibraryActionsProvider, useLibraryActions } from '@/components/library/library-actions';
import { folderHref } from '@/components/library/urls';
import { FolderCrumbs } from '@/components/library/folder-crumbs';
import { useFolderChain } from '@/components/library/use-folder-chain';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { RelativeTime } from '@/components/ui/time';
import { useToast } from '@/components/ui/toast';
import { formatBytes, formatDateTime } from '@/lib/format';
import { useVersionPages } from '@/lib/trpc/lists';
import { useTRPC } from '@/lib/trpc/react';
import type { DocumentItem, VersionItem } from '@/lib/trpc/types';
import { DocumentAnalytics } from '@/components/analytics/document-analytics';
import { LinkVersionDialog } from './link-version-dialog';
import { PdfPreview } from './pdf-preview';
import { VersionsCard } from './versions-card';
import { VersionUpload } from './version-upload';

const fileUrl = (docId: string, versionId: string) => `/api/documents/${encodeURIComponent(docId)}/versions/${encodeURIComponent(versionId)}/file`;
const isLink = (type: string) => type === 'link' || type === 'notion';
/** Types shown through their converted PDF once preview_status is ready. */
const CONVERTED = new Set(['docs', 'sheet', 'slides']);

function PreviewProcessing() {
  return (
    <div data-testid="preview-processing" aria-live="polite">
      <Card className="p-2">
        <EmptyState icon={Loader2} title="Preparing the preview">
          The file is being converted for viewing. Its pages appear here when it is ready; visitors see them too.
        </EmptyState>
      </Card>
    </div>
  );
}

export function DocumentView({ initial }: { initial: DocumentItem }) {
  return (
    <LibraryActionsProvider>
      <Document initial={initial} />
    </LibraryActionsProvider>
  );
}

function Document({ initial }: { initial: DocumentItem }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const docQuery = useQuery({ ...trpc.documents.get.queryOptions({ id: initial.id }), initialData: initial });
  const doc = docQuery.data;
  const chain = useFolderChain(doc.folder_id);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [linkDialog, setLinkDialog] = useState(false);
  const actions = useLibraryActions();

  // The primary version (first page of the list holds it in all but very long histories).
  const versions = useVersionPages(doc.id);
  const all = versions.data?.pages.flatMap((p) => p.data) ?? [];
  const primary = all.find((v) => v.is_primary) ?? null;
  const viewing: VersionItem | null = all.find((v) => v.id === viewingId) ?? primary;

  const afterNewVersion = async (n: number) => {
    setViewingId(null);
    setLinkDialog(false);
    await Promise.all([
      queryClient.invalidateQueries(trpc.documents.versions.pathFilter()),
      queryClient.invalidateQueries(trpc.documents.get.queryFilter({ id: doc.id })),
      queryClient.invalidateQueries(trpc.documents.browse.pathFilter()),
    ]);
    notify(`Version ${n} uploaded and now primary.`);
  };

  const folderName = doc.folder_id ? chain.data?.[chain.data.length - 1]?.name : null;
  const afterDelete = folderHref(doc.folder_id);

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 flex flex-wrap items-center gap-1 text-sm text-zinc-500">
        <FolderCrumbs folders={chain.data ?? []} />
      </nav>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <DocIcon type={doc.type} className="h-10 w-10" />
          <div className="min-w-0">
            <h1 className="truncate text-xl font-semibold tracking-tight text-zinc-900 sm:text-2xl">{doc.name}</h1>
            <p className="text-sm text-zinc-500">
              {docTypeLabel(doc.type)} · updated <RelativeTime iso={doc.updated_at} />
            </p>
          </div>
        </div>
        <div className="flex items-center gap-2">
          {isLink(doc.type) && doc.url ? (
            <a href={doc.url} target="_blank" rel="noreferrer noopener" className={buttonClass('secondary')}>
              <ExternalLink className="h-4 w-4" aria-hidden /> Open link
            </a>
          ) : (
            viewing && (
              <a href={fileUrl(doc.id, viewing.id)} download className={buttonClass('secondary')}>
                <Download className="h-4 w-4" aria-hidden /> Download
              </a>
            )
          )}
          <Button onClick={() => actions.shareDocument(doc)}>
            <Share2 className="h-4 w-4" aria-hidden /> Share
          </Button>
          <DocumentMenu doc={doc} afterDelete={afterDelete} showOpen={false} showShare={false} />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-label="Preview" className="min-w-0">
          {viewing && !viewing.is_primary && (
            <p className="mb-3 flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 ring-1 ring-amber-200">
              You are looking at version {viewing.version_number}, not the primary version.
              <button className="font-medium underline" onClick={() => setViewingId(null)}>
                Show primary
              </button>
            </p>
          )}
          <Preview doc={doc} version={viewing} loading={versions.isPending} />
        </section>

        <div className="space-y-6">
          <Card>
            <CardHeader title="Details" />
            <dl className="divide-y divide-zinc-100 text-sm">
              <Detail label="Type">
                <Badge>{docTypeLabel(doc.type)}</Badge>
              </Detail>
              <Detail label="Format">
                <span className="font-mono text-xs break-all">{doc.content_type}</span>
              </Detail>
              {doc.type === 'video' ? (
                <Detail label="Segments">{doc.num_pages} of 10 s (watch time is kept per segment)</Detail>
              ) : (
                !isLink(doc.type) && <Detail label="Pages">{doc.num_pages}</Detail>
              )}
              {primary?.file_size != null && <Detail label="Size">{formatBytes(primary.file_size)}</Detail>}
              <Detail label="Folder">
                {doc.folder_id ? (
                  <Link href={folderHref(doc.folder_id)} className="text-brand-600 hover:underline">
                    {folderName ?? '…'}
                  </Link>
                ) : (
                  <span className="text-zinc-500">Top level</span>
                )}
              </Detail>
              {doc.url && (
                <Detail label="URL">
                  <a href={doc.url} target="_blank" rel="noreferrer noopener" className="break-all text-brand-600 hover:underline">
                    {doc.url}
                  </a>
                </Detail>
              )}
              <Detail label="Created">{formatDateTime(doc.created)}</Detail>
              <Detail label="Updated">{formatDateTime(doc.updated_at)}</Detail>
            </dl>
          </Card>
          <VersionsCard
            doc={doc}
            viewing={viewing?.id ?? null}
            onView={(v) => setViewingId(v.is_primary ? null : v.id)}
            action={
              isLink(doc.type) ? (
                <Button variant="secondary" size="sm" onClick={() => setLinkDialog(true)}>
                  <Link2 className="h-4 w-4" aria-hidden /> New URL
                </Button>
              ) : (
                <VersionUpload documentId={doc.id} onDone={afterNewVersion} />
              )
            }
          />
        </div>
      </div>
      {viewing && (
        <div className="mt-6">
          <DocumentAnalytics
            documentId={doc.id}
            versionId={viewing.id}
            versionLabel={`Version ${viewing.version_number}${viewing.is_primary ? ' (primary)' : ''}`}
            numPages={viewing.num_pages ?? doc.num_pages}
            video={viewing.type === 'video'}
          />
        </div>
      )}
      <LinkVersionDialog open={linkDialog} onOpenChange={setLinkDialog} documentId={doc.id} currentUrl={doc.url} onDone={afterNewVersion} />
    </>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[6rem_minmax(0,1fr)] gap-3 px-5 py-2.5">
      <dt className="text-zinc-500">{label}</dt>
      <dd className="min-w-0 text-zinc-800">{children}</dd>
    </div>
  );
}

function Preview({ doc, version, loading }: { doc: DocumentItem; version: VersionItem | null; loading: boolean }) {
  if (loading) return <div className="aspect-[3/4] animate-pulse rounded-lg bg-zinc-100" />;
  if (isLink(doc.type)) {
    return (
      <Card className="p-2">
        <EmptyState
          icon={Link2}
          title={doc.type === 'notion' ? 'A Notion page' : 'A web page'}
          action={
            doc.url && (
              <a href={doc.url} target="_blank" rel="noreferrer noopener" className={buttonClass('primary')}>
                <ExternalLink className="h-4 w-4" aria-hidden /> Open {doc.type === 'notion' ? 'in Notion' : 'the page'}
              </a>
            )
          }
        >
          <span className="break-all">{doc.url}</span>
        </EmptyState>
      </Card>
    );
  }
  if (!version) return null;
  const url = fileUrl(doc.id, version.id);
  if (version.type === 'pdf') return <PdfPreview key={version.id} url={url} title={doc.name} />;
  if (version.preview_status === 'processing') return <PreviewProcessing />;
  if (version.preview_status === 'ready' && CONVERTED.has(version.type)) {
    return <PdfPreview key={`${version.id}-converted`} url={`${url}?as=preview`} title={doc.name} />;
  }
  if (version.type === 'image' && version.content_type !== 'image/tiff') {
    return <img src={url} alt={doc.name} className="w-full rounded-lg bg-white shadow-sm ring-1 ring-zinc-200" />;
  }
  if (version.type === 'video') {
    return <video src={url} controls className="w-full rounded-lg bg-black shadow-sm" />;
  }
  return (
    <Card className="p-2">
      <EmptyState
        icon={FileQuestion}
        title={version.preview_status === 'failed' ? 'This file cannot be previewed' : 'No preview for this file'}
        action={
          <a href={url} download className={buttonClass('secondary')}>
            <Download className="h-4 w-4" aria-hidden /> Download
          </a>
        }
      >
        <span data-testid="preview-error">{version.preview_error ?? 'Download it to open it on your computer.'}</span>
      </EmptyState>
    </Card>
  );
}
