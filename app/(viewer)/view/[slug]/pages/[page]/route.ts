import { pageImageRoute } from '@/server/viewer/http';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(req: Request, { params }: { params: Promise<{ slug: string; page: string }> }) {
  return pageImageRoute(req, await params);
}
