// The room index file (CSV, Excel or PDF) for the signed-in dashboard.
import { roomIndexRoute } from '@/server/dashboard/raw-routes';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return roomIndexRoute(req, id);
}
