// An image of a room's custom branding from the dashboard: raw bytes, Content-Type of the file.
import { putDashboardImage } from '@/server/dashboard/raw-routes';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function PUT(req: Request, { params }: { params: Promise<{ id: string; slot: string }> }) {
  const { id, slot } = await params;
  return putDashboardImage(req, 'dataroom', id, slot);
}
