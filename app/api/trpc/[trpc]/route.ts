// The dashboard's tRPC endpoint. It authenticates the next-auth session only (never bearer
// tokens: those belong to /v1), and only answers same-origin JSON calls; mutations must carry our Origin.
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '@/server/routers';
import { dashboardContextFor, dashboardOrigin } from '@/server/dashboard/context';
import { fromOwnOrigin } from '@/server/lib/origin';

export const dynamic = 'force-dynamic';

function handler(req: Request) {
  // A cross-site form cannot send application/json without a preflight we never grant.
  if (req.method === 'POST' && !req.headers.get('content-type')?.startsWith('application/json')) {
    return Response.json({ error: 'Unsupported content type' }, { status: 415 });
  }
  // Mutations only from the dashboard's own pages (a missing or "null" Origin is refused too).
  if (req.method === 'POST' && !fromOwnOrigin(req.headers, dashboardOrigin(req))) {
    return Response.json({ error: 'Cross-site requests are refused' }, { status: 403 });
  }
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: () => dashboardContextFor(req),
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`[quire] trpc ${path ?? '?'} failed:`, error.cause ?? error);
    },
  });
}

export { handler as GET, handler as POST };
