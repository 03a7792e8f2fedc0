// A pending visitor upload's file for the signed-in team, read before approving or rejecting it.
import { visitorUploadFileRoute } from '@/server/dashboard/raw-routes';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  return visitorUploadFileRoute(req, (await params).id);
}
