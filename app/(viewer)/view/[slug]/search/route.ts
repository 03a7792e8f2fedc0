import { searchRoute } from '@/server/viewer/http';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(req: Request, { params }: { params: Promise<{ slug: string }> }) {
  return searchRoute(req, await params);
}
