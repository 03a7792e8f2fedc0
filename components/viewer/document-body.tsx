// One document as a visitor sees it: PDFs page by page (DocumentViewer), videos in a player
// (VideoPlayer, streamed by range), images inline, any
// other file as a card with a download button when downloads are allowed. Office files are
// shown through their converted PDF; while it is being made, a card that turns into the pages.
import { Download } from 'lucide-react';
import { DocIcon } from '@/components/ui/doc-icon';
import type { ShownDocument } from '@/server/services/visitor/content';
import { DocumentViewer, type DocumentSearch } from './document-viewer';
import { hasPages } from '@/lib/shared/preview-status';
import { isPlayableVideo } from '@/lib/shared/video';
import { VideoPlayer } from './video-player';
import { docTypeLabel } from '@/lib/shared/doc-type-labels';
import { pagesCount, type ViewerWords } from '@/lib/shared/viewer-words';
import { ViewerCard } from './shell';
import { PreviewPending } from './preview-pending';
import { WatermarkOverlay, type OverlayWatermark } from './watermark-overlay';

const size = (n: number | null) => (n === null ? '' : n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

export function DocumentBody({
  base,
  eventsUrl,
  doc,
  viewId,
  watermark,
  t,
  initialPage,
  pageSheets = null,
  preview = false,
  search = null,
}: {
  /** Find in the document (pages only); null when the link does not allow search. */
  search?: DocumentSearch | null;
  /** /view/{slug} or /view/{slug}/d/{item}; the preview's: a version's dashboard routes (pages, file). */
  base: string;
  /** The dashboard's branding preview: nothing reported, the address and keys left alone. */
  preview?: boolean;
  eventsUrl: string;
  doc: ShownDocument;
  viewId: string;
  watermark: OverlayWatermark | null;
  t: ViewerWords;
  initialPage: number;
  /** A converted spreadsheet's sheet per page (the viewer names it), else null. */
  pageSheets?: (string | null)[] | null;
}) {
  const downloadUrl = doc.canDownload ? `${base}/download` : null;
  if (hasPages(doc)) {
    return (
      <DocumentViewer
        pagesUrl={`${base}/pages`}
        numPages={doc.numPages}
        initialPage={initialPage}
        pageWidth={doc.pageWidth}
        pageHeight={doc.pageHeight}
        downloadUrl={downloadUrl}
        watermark={watermark}
        viewId={viewId}
        eventsUrl={eventsUrl}
        pageSheets={pageSheets}
        preview={preview}
        search={preview ? null : search}
        words={{
          pageOf: t.pageOf,
          sheetName: t.sheetName,
          previous: t.previous,
          next: t.next,
          zoomIn: t.zoomIn,
          zoomOut: t.zoomOut,
          pages: t.pages,
          download: t.download,
          findLabel: t.findLabel,
          findCount: t.findCount,
          findNone: t.findNone,
          findNext: t.findNext,
          findPrevious: t.findPrevious,
          findClose: t.findClose,
          findError: t.findError,
        }}
      />
    );
  }
  if (doc.previewStatus === 'processing') {
    return (
      <ViewerCard>
        <PreviewPending name={doc.name} text={t.preparing} everyMs={preview ? null : undefined} />
      </ViewerCard>
    );
  }
  if (doc.type === 'video' && isPlayableVideo(doc)) {
    return (
      <VideoPlayer
        src={preview ? `${base}/file` : `${base}/video`}
        name={doc.name}
        downloadUrl={downloadUrl}
        watermark={watermark}
        viewId={viewId}
        eventsUrl={preview ? null : eventsUrl}
        downloadNote={doc.downloadRefusal ? t.noDownloadWatermark : null}
        words={{ playVideo: t.playVideo, fullScreen: t.fullScreen, download: t.download }}
      />
    );
  }
  if (doc.type === 'image' && doc.storageKey) {
    return (
      <div className="flex flex-col gap-3" data-testid="image-viewer">
        {/* The name is in the header (or the room's breadcrumbs) already. */}
        {downloadUrl ? (
          <div className="flex justify-end">
            <a href={downloadUrl} data-testid="download" className="inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium shadow-sm" style={{ background: 'var(--viewer-brand)', color: 'var(--viewer-on-brand)' }}>
              <Download className="h-4 w-4" /> {t.download}
            </a>
          </div>
        ) : null}
        <div className="relative mx-auto max-w-full bg-white shadow-md ring-1 ring-zinc-200">
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={`${base}/file`} alt={doc.name} className="block max-h-[80dvh] max-w-full" draggable={false} />
          {watermark ? <WatermarkOverlay wm={watermark} /> : null}
        </div>
      </div>
    );
  }
  return (
    <ViewerCard className="text-center" >
      <div data-testid="file-card">
        <DocIcon type={doc.type} className="mx-auto mb-3 h-12 w-12 [&>svg]:h-6 [&>svg]:w-6" />
        <h2 className="text-base font-semibold break-words text-zinc-900">{doc.name}</h2>
        <p className="mt-1 text-xs text-zinc-500">
          {[docTypeLabel(doc.type), size(doc.fileSize)].filter(Boolean).join(' · ')}
        </p>
        <p className="mt-4 text-sm text-zinc-600">{t.noPreview}</p>
        {downloadUrl ? (
          <a href={downloadUrl} data-testid="download" className="mt-5 inline-flex h-10 items-center gap-2 rounded-lg px-4 text-sm font-semibold" style={{ background: 'var(--viewer-brand)', color: 'var(--viewer-on-brand)' }}>
            <Download className="h-4 w-4" /> {t.download}
          </a>
        ) : (
          <p className="mt-3 text-xs text-zinc-400" data-testid="no-download">
            {doc.downloadRefusal ? t.noDownloadWatermark : t.noDownload}
          </p>
        )}
        {doc.numPages > 1 ? <p className="mt-2 text-xs text-zinc-400">{pagesCount(t, doc.numPages)}</p> : null}
      </div>
    </ViewerCard>
  );
}
