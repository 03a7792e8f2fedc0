// A page image of a version for the signed-in dashboard (?w= as the viewer's), drawn and cached
// exactly as visitors get it: the branding preview shows a document link through the viewer's own
// components with these pages.
import { clientAddress } from '@/server/http/client-address';
import { dashboardRoute } from '@/server/dashboard/raw-routes';
import { readVersionPage } from '@/server/services/versions';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(req: Request, { params }: { params: Promise<{ id: string; versionId: string; page: string }> }) {
  const { id, versionId, page } = await params;
  return dashboardRoute(req, async (ctx) => {
    const img = await readVersionPage(ctx.actor, id, versionId, page, Number(new URL(req.url).searchParams.get('w') ?? 960), clientAddress(req));
    return new Response(new Uint8Array(img.bytes), {
      headers: { 'Content-Type': img.contentType, 'Content-Length': String(img.bytes.length), 'Cache-Control': 'private, max-age=600', 'X-Content-Type-Options': 'nosniff' },
    });
  });
}
