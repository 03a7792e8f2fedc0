// A document's preview state (issue 22), shared by the API schemas, the dashboard and the viewer.
export const PREVIEW_STATUSES = ['ready', 'processing', 'failed', 'unavailable'] as const;
export type PreviewStatus = (typeof PREVIEW_STATUSES)[number];
