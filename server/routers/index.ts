// The one router behind every face. /v1 exposes the procedures that carry `openapi` meta;
// the dashboard calls any of them through the tRPC client.
import { router } from '../trpc';
import { documentsRouter } from './documents';
import { foldersRouter } from './folders';
import { dashboardRouter } from './dashboard';

export const appRouter = router({
  documents: documentsRouter,
  folders: foldersRouter,
  dashboard: dashboardRouter,
});

export type AppRouter = typeof appRouter;
