'use client';
// A document's version as its owner previews it: a PDF (or a converted Office file) drawn with
// pdf.js, an image, a video, a link's card, "being converted", or why it cannot be shown. The
// document page and the agreement editor's preview both show it.
import { Download, ExternalLink, FileQuestion, Link2, Loader2 } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { DocumentItem, VersionItem } from '@/lib/trpc/types';
import { PdfPreview } from './pdf-preview';

export const fileUrl = (docId: string, versionId: string) => `/api/documents/${encodeURIComponent(docId)}/versions/${encodeURIComponent(versionId)}/file`;
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

export function DocumentPreview({ doc, version, loading }: { doc: DocumentItem; version: VersionItem | null; loading: boolean }) {
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
    return <video data-testid="document-video" src={url} controls preload="metadata" className="w-full rounded-lg bg-black shadow-sm" />;
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
