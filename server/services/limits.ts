// Sizes and lifetimes that several services share.
import { config } from '../config';

export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
export const API_BODY_MAX_BYTES = 4.5 * 1024 * 1024;
export const UPLOAD_ID_GRACE_MS = 45 * 60 * 1000;

/** Largest document file (MAX_UPLOAD_BYTES). */
export const maxUploadBytes = () => config.maxUploadBytes;
/** Bytes a team may hold in uploads not yet used (MAX_PENDING_UPLOAD_BYTES). */
export const maxPendingUploadBytes = () => config.maxPendingUploadBytes;
/**
 * Largest image (width × height) accepted, as a document or a brand image: a browser must decode
 * it whole (a small file can declare a huge canvas; 20000 × 20000 is 1.6 GB of pixels).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
