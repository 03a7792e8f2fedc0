// Sizes and lifetimes that several services share.
export const MAX_UPLOAD_BYTES = Number(process.env.MAX_UPLOAD_BYTES) || 100 * 1024 * 1024;
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
export const API_BODY_MAX_BYTES = 4.5 * 1024 * 1024;
export const UPLOAD_ID_GRACE_MS = 45 * 60 * 1000;
/** Bytes a team may hold in uploads not yet used (default 5 GiB). */
export const MAX_PENDING_UPLOAD_BYTES = Number(process.env.MAX_PENDING_UPLOAD_BYTES) || 5 * 1024 ** 3;
