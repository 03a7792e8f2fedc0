import { ok } from './docs';
import type { client } from './api';

/**
 * Waits until a document's words are read (or it says why not): the document once text_status
 * leaves `processing`. The shared server reads every file's documents on one queue: under the
 * suite's load they may wait minutes (a test that waits gives itself TEXT_WAIT_TEST_MS).
 */
export async function textDone(a: ReturnType<typeof client>, id: string, timeoutMs = 420_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const d = ok(await a.get(`/v1/documents/${id}`));
    if (d.text_status !== 'processing') return d;
    if (Date.now() > until) throw new Error(`text of ${id} still processing after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A test's timeout when it waits for text on the shared server. */
export const TEXT_WAIT_TEST_MS = 480_000;
