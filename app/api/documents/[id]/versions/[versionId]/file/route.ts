// A version's file for the signed-in dashboard user (PDF preview, video preview, download).
// Session and team come from the dashboard context; served as an attachment that cannot be
// sniffed or scripted, by HTTP range (206, 416, Accept-Ranges) so the owner's video player seeks.
// `?as=preview`: an Office file's converted PDF, which the dashboard's preview draws (issue 22).
import { dashboardRoute } from '@/server/dashboard/raw-routes';
import { openVersionFile } from '@/server/services/versions';
import { attachment } from '@/server/lib/content-disposition';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(req: Request, { params }: { params: Promise<{ id: string; versionId: string }> }) {
  const { id, versionId } = await params;
  return dashboardRoute(req, async (ctx) => {
    const file = await openVersionFile(ctx.actor, id, versionId, { preview: new URL(req.url).searchParams.get('as') === 'preview', range: req.headers.get('range') });
    return new Response(file.body, {
      status: file.status,
      headers: {
        ...file.headers,
        'Content-Disposition': attachment(file.name),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "sandbox; default-src 'none'",
        'Cache-Control': 'private, no-store',
      },
    });
  });
}
