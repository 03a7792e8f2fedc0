// The audit log as CSV for the signed-in dashboard user (Settings → Audit log, a room's Activity
// tab): the filters of GET /v1/events as query parameters, every matching event of the team,
// newest first, streamed (server/services/events/csv-export.ts).
import { z } from 'zod';
import { TEAM_PARAM } from '@/lib/shared/dashboard-team';
import { dashboardRoute } from '@/server/dashboard/raw-routes';
import { invalid } from '@/server/errors';
import { csvResponse } from '@/server/lib/csv';
import { EventFilters } from '@/server/routers/events/schemas';
import { eventsCsvStream } from '@/server/services/events/csv-export';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const Query = z.strictObject(EventFilters);

export const GET = (req: Request) =>
  dashboardRoute(req, async (ctx) => {
    const params = new URL(req.url).searchParams;
    params.delete(TEAM_PARAM); // read by the dashboard context
    const q = Query.safeParse(Object.fromEntries(params));
    if (!q.success) {
      const issue = q.error.issues[0]!;
      throw invalid(issue.path.length ? issue.path.join('.') : null, issue.message);
    }
    const body = await eventsCsvStream(ctx.actor, q.data);
    return csvResponse(body, q.data.dataroom_id ? `audit-log-${q.data.dataroom_id}.csv` : 'audit-log.csv');
  });
