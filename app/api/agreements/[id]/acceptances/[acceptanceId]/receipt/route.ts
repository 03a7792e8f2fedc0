// The PDF receipt of one acceptance, for the signed-in dashboard user of the agreement's team.
import { dashboardRoute } from '@/server/dashboard/raw-routes';
import { acceptanceReceipt } from '@/server/services/agreements/receipt';
import { attachment } from '@/server/lib/content-disposition';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

type Params = { params: Promise<{ id: string; acceptanceId: string }> };

export const GET = async (req: Request, { params }: Params) => {
  const { id, acceptanceId } = await params;
  return dashboardRoute(req, async (ctx) => {
    const r = await acceptanceReceipt(ctx.actor, id, acceptanceId);
    return new Response(new Uint8Array(r.bytes), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(r.bytes.length),
        'Content-Disposition': attachment(r.fileName),
        'Content-Security-Policy': "sandbox; default-src 'none'",
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    });
  });
};
