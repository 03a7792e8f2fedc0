// A brand's image from the dashboard's editor: raw bytes, Content-Type of the file.
import { putDashboardImage } from '@/server/dashboard/raw-routes';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function PUT(req: Request, { params }: { params: Promise<{ id: string; slot: string }> }) {
  const { id, slot } = await params;
  return putDashboardImage(req, 'brand', id, slot);
}
