'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Eraser, ExternalLink, Link2, Share2 } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { DocIcon } from '@/components/ui/doc-icon';
import { docTypeLabel, fileKindLabel } from '@/lib/shared/doc-type-labels';
import { DocumentMenu } from '@/components/library/document-menu';
import { LibraryActionsProvider, useLibraryActions } from '@/components/library/library-actions';
import { folderHref } from '@/components/library/urls';
import { FolderCrumbs } from '@/components/library/folder-crumbs';
import { useFolderChain } from '@/components/library/use-folder-chain';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { DateTime, RelativeTime } from '@/components/ui/time';
import { useToast } from '@/components/ui/toast';
import { formatBytes } from '@/lib/format';
import { DocumentLength } from '@/components/library/document-length';
import { useVersionPages } from '@/lib/trpc/lists';
import { useTRPC } from '@/lib/trpc/react';
import type { DocumentItem, VersionItem } from '@/lib/trpc/types';
import { DocumentAnalytics } from '@/components/analytics/document-analytics';
import { LinkVersionDialog } from './link-version-dialog';
import { Detail } from './detail';
import { DocumentPreview, fileUrl, pdfUrl } from './document-preview';
import { FindBar, findUnavailable, usePageMarks } from './find-bar';
import { TextDetails } from './text-details';
import { useFind } from './use-find';
import { VersionsCard } from './versions-card';
import { VersionUpload } from './version-upload';

const isLink = (type: string) => type === 'link' || type === 'notion';
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

  // The versions are polled while one is converted (useVersionPages): when the primary's state
  // or pages change, the document (header, Details, the library's rows) follows without a reload.
  const primaryState = primary && `${primary.id}:${primary.preview_status}:${primary.num_pages}`;
  const seenState = useRef(primaryState);
  useEffect(() => {
    if (!primaryState || primaryState === seenState.current) return;
    const first = seenState.current === null;
    seenState.current = primaryState;
    if (first) return;
    void queryClient.invalidateQueries(trpc.documents.get.queryFilter({ id: initial.id }));
    void queryClient.invalidateQueries(trpc.documents.browse.pathFilter());
  }, [primaryState, queryClient, trpc, initial.id]);

  // Find in the document: its words as searched (the primary version's), over the page images.
  const findable = !!viewing && !isLink(doc.type) && viewing.text_status !== 'unavailable';
  const findOff = viewing ? findUnavailable(viewing.text_status, viewing.is_primary) : null;
  const find = useFind(doc.id, findable && !findOff);
  const marks = usePageMarks(find, doc.id, viewing?.id ?? null, findable && !findOff);

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
              <a href={`${fileUrl(doc.id, viewing.id)}?download=1`} download className={buttonClass('secondary')}>
                <Download className="h-4 w-4" aria-hidden /> Download
              </a>
            )
          )}
          {primary && pdfUrl(doc.id, primary) && (
            <Link href={`/documents/${doc.id}/redact`} className={buttonClass('secondary')}>
              <Eraser className="h-4 w-4" aria-hidden /> Redact
            </Link>
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
          {findable && <FindBar find={find} disabledReason={findOff} />}
          <DocumentPreview doc={doc} version={viewing} loading={versions.isPending} marks={marks} />
        </section>

        <div className="space-y-6">
          <Card>
            <CardHeader title="Details" />
            <dl className="divide-y divide-zinc-100 text-sm">
              <Detail label="Type">
                <Badge>{docTypeLabel(doc.type)}</Badge>
              </Detail>
              <Detail label="Format">
                <span data-testid="document-format">{fileKindLabel(doc.content_type)}</span>
              </Detail>
              {doc.type === 'video' ? (
                <Detail label="Length">
                  <span data-testid="document-details-length">{!primary ? '…' : primary.duration_ms != null ? <DocumentLength doc={primary} /> : 'Not stated in the file'}</span>
                  <span className="block text-xs text-zinc-500">Watch time is kept per 10-second segment.</span>
                </Detail>
              ) : (
                !isLink(doc.type) && (
                  <Detail label="Pages">
                    <span data-testid="document-details-length">
                      <DocumentLength doc={primary ?? doc} />
                    </span>
                  </Detail>
                )
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
              {!isLink(doc.type) && <TextDetails doc={doc} primary={primary} />}
              {doc.url && (
                <Detail label="URL">
                  <a href={doc.url} target="_blank" rel="noreferrer noopener" className="break-all text-brand-600 hover:underline">
                    {doc.url}
                  </a>
                </Detail>
              )}
              <Detail label="Created">
                <DateTime iso={doc.created} />
              </Detail>
              <Detail label="Updated">
                <DateTime iso={doc.updated_at} />
              </Detail>
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
