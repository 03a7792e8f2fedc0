// Work that must not delay the answer (pre-rendering pages, notification mail). Inside a request
// Next handles, it goes to Next's after(): it runs once the response is sent, and on Vercel the
// function stays alive until it is done (a bare promise could be frozen with the function).
// Outside one (`npm start`'s node:http routes, scripts) the process outlives the request, so it
// runs detached, from the next turn of the event loop: what is left of the answer after the
// service returns (output checks, serialising, writing) is synchronous or microtasks, so it goes
// out first. Failures are logged, never thrown at the caller.

type After = (task: () => unknown) => void;

/**
 * Next's after(), loaded when first needed: loading next/server before Next's server has started
 * (scripts/serve.ts loads the services first) throws.
 */
function nextAfter(): After | null {
  try {
    return (require('next/server') as { after: After }).after;
  } catch {
    return null;
  }
}

export function afterResponse(label: string, task: () => Promise<unknown>): void {
  const run = () => task().catch((e) => console.error(`[quire] ${label} failed:`, e));
  let scheduled = false;
  try {
    const after = nextAfter();
    if (after) {
      after(run);
      scheduled = true;
    }
  } catch {
    // "`after` was called outside a request scope"
  }
  if (!scheduled) setImmediate(() => void run());
}
