// A document's preview state (issue 22), shared by the API schemas, the dashboard and the viewer.
export const PREVIEW_STATUSES = ['ready', 'processing', 'failed', 'unavailable'] as const;
export type PreviewStatus = (typeof PREVIEW_STATUSES)[number];

/** What decides whether a document is shown page by page (server/media/page-source.ts). */
export type Pageable = { storageKey: string | null; contentType: string; numPages: number; previewKey?: string | null };

/** Whether the viewer shows this document page by page: a PDF, or an Office file once converted. */
export const hasPages = (d: Pageable) => !!d.previewKey || (d.contentType === 'application/pdf' && !!d.storageKey);
