import { uploadsRoute } from '@/server/viewer/http';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function POST(req: Request, { params }: { params: Promise<{ slug: string }> }) {
  return uploadsRoute(req, await params, 'url');
}
