// An agreement's acceptances as CSV, newest first, for the signed-in dashboard user of its team.
import { dashboardRoute } from '@/server/dashboard/raw-routes';
import { csvResponse, toCsv } from '@/server/lib/csv';
import { acceptancesForExport } from '@/server/services/agreements/agreements';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = async (req: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  return dashboardRoute(req, async (ctx) => {
    const { header, rows } = await acceptancesForExport(ctx.actor, id);
    return csvResponse(toCsv(header, rows), `acceptances-${id}.csv`);
  });
};
