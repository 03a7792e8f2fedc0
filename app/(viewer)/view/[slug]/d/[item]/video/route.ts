import { videoRoute } from '@/server/viewer/http';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(req: Request, { params }: { params: Promise<{ slug: string; item: string }> }) {
  return videoRoute(req, await params);
}
