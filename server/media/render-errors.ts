// The renderer's typed refusals, shared by the request thread (render.ts) and the worker threads
// that draw (render-jobs.ts); an error crossing between them is rebuilt by `reviveRenderError`.
import { ApiError, STATUS, type ErrorCode } from '../errors';
import type { WorkerErrorData } from '../lib/worker-pool';

/** The page number is not a page of this version (404 on every face). */
export class PageOutOfRangeError extends ApiError {
  constructor(
    readonly pageNumber: number,
    readonly numPages: number,
  ) {
    super('not_found', `Page ${pageNumber} not found: the document has ${numPages} page${numPages === 1 ? '' : 's'}`);
    this.name = 'PageOutOfRangeError';
  }
}

/** The version is not a PDF, has no file, or pdf.js cannot open it (422). */
export class DocumentNotRenderableError extends ApiError {
  constructor(
    readonly versionId: string,
    readonly reason: 'not_pdf' | 'no_file' | 'password' | 'invalid',
  ) {
    const why = {
      not_pdf: 'it is not a PDF',
      no_file: 'it has no stored file',
      password: 'it is protected by a password',
      invalid: 'it could not be read as a PDF',
    }[reason];
    super('unprocessable_entity', `This document cannot be shown page by page: ${why}`);
    this.name = 'DocumentNotRenderableError';
  }
}

/** A worker thread's error as the class it was thrown as (any ApiError keeps its code and details). */
export function reviveRenderError(e: WorkerErrorData): Error {
  if (e.name === 'PageOutOfRangeError') return new PageOutOfRangeError(Number(e.pageNumber), Number(e.numPages));
  if (e.name === 'DocumentNotRenderableError') return new DocumentNotRenderableError(String(e.versionId), e.reason as DocumentNotRenderableError['reason']);
  if (typeof e.code === 'string' && e.code in STATUS) {
    const err = new ApiError(e.code as ErrorCode, e.message, (e.details as Record<string, unknown> | null) ?? null);
    err.name = e.name;
    return err;
  }
  return Object.assign(new Error(e.message), { name: e.name });
}
