import { questionCodeRoute } from '@/server/viewer/http';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function POST(req: Request, { params }: { params: Promise<{ slug: string }> }) {
  return questionCodeRoute(req, await params);
}
