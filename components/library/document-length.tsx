// What the library, a room's list and a document's Details say of a document's length: its
// pages, a video's running time (never a page count: its "pages" are 10-second segments), or
// that its preview is being converted or could not be made (issue 41 item 8).
import { CircleAlert } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { pagesLabel } from '@/lib/format';
import { clock } from '@/lib/shared/video';

export type Measured = { type: string; num_pages: number; preview_status?: string; preview_error?: string | null; duration_ms?: number | null };

/** "12 pages", "0:42"; null for a web link, or a video whose file does not state its length. */
export function lengthText(d: Measured): string | null {
  if (d.type === 'link' || d.type === 'notion') return null;
  if (d.type === 'video') return d.duration_ms != null ? clock(d.duration_ms / 1000) : null;
  return pagesLabel(d.num_pages);
}

/** The length, or the preview's state while it is not ready: "Converting" (with a spinner) or "Preview failed" (why, on hover). */
export function DocumentLength({ doc }: { doc: Measured }) {
  if (doc.preview_status === 'processing') {
    return (
      <span data-testid="document-converting" className="inline-flex items-center gap-1.5 text-amber-700">
        <Spinner className="h-3.5 w-3.5" />
        Converting
      </span>
    );
  }
  if (doc.preview_status === 'failed') {
    return (
      <span data-testid="document-preview-failed" title={doc.preview_error ?? undefined} className="inline-flex items-center gap-1 text-red-700">
        <CircleAlert className="h-3.5 w-3.5" aria-hidden />
        Preview failed
      </span>
    );
  }
  return <>{lengthText(doc) ?? '—'}</>;
}
