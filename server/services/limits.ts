// Sizes and lifetimes that several services share.
import { config } from '../config';

export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
export const API_BODY_MAX_BYTES = 4.5 * 1024 * 1024;
export const UPLOAD_ID_GRACE_MS = 45 * 60 * 1000;

/** Largest document file (MAX_UPLOAD_BYTES). */
export const maxUploadBytes = () => config.maxUploadBytes;
/** Bytes a team may hold in uploads not yet used (MAX_PENDING_UPLOAD_BYTES). */
export const maxPendingUploadBytes = () => config.maxPendingUploadBytes;
