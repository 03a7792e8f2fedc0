'use client';
// A document's version as its owner previews it: a PDF (or a converted Office file) drawn with
// pdf.js, an image, a video, a link's card, "being converted", or why it cannot be shown. The
// document page and the agreement editor's preview both show it.
import { Download, ExternalLink, FileQuestion, Link2, Loader2 } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { DocumentItem, VersionItem } from '@/lib/trpc/types';
import { PdfPreview, type PageMarks } from './pdf-preview';

export const fileUrl = (docId: string, versionId: string) => `/api/documents/${encodeURIComponent(docId)}/versions/${encodeURIComponent(versionId)}/file`;
const isLink = (type: string) => type === 'link' || type === 'notion';
/** Types shown through their converted PDF once preview_status is ready. */
const CONVERTED = new Set(['docs', 'sheet', 'slides']);
/** The PDF a version's pages are drawn from: the file, or an Office file's converted PDF; null when there is none (yet). */
export function pdfUrl(docId: string, v: Pick<VersionItem, 'id' | 'type' | 'preview_status'>): string | null {
  if (v.type === 'pdf') return fileUrl(docId, v.id);
  if (CONVERTED.has(v.type) && v.preview_status === 'ready') return `${fileUrl(docId, v.id)}?as=preview`;
  return null;
}
/** Still being converted: its PDF comes once the preview is ready. */
export const converting = (v: Pick<VersionItem, 'type' | 'preview_status'>) => CONVERTED.has(v.type) && v.preview_status === 'processing';

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

/** `marks`: find's highlights over the pages (a PDF's, a converted file's, an image's one page). */
export function DocumentPreview({ doc, version, loading, marks }: { doc: DocumentItem; version: VersionItem | null; loading: boolean; marks?: PageMarks }) {
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
  const pdf = pdfUrl(doc.id, version);
  if (pdf) return <PdfPreview key={pdf} url={pdf} title={doc.name} marks={marks} />;
  if (version.preview_status === 'processing') return <PreviewProcessing />;
  if (version.type === 'image' && version.content_type !== 'image/tiff') {
    return (
      <div className="relative overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-zinc-200">
        <img src={url} alt={doc.name} className="block w-full" />
        {marks?.render(1)}
      </div>
    );
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
