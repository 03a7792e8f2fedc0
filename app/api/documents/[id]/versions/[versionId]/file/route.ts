// A version's file for the signed-in dashboard user (PDF preview, video preview, download), by
// HTTP range: server/dashboard/raw-routes.ts (under `npm start`, node:http answers it first).
import { versionFileRoute } from '@/server/dashboard/raw-routes';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(req: Request, { params }: { params: Promise<{ id: string; versionId: string }> }) {
  const { id, versionId } = await params;
  return versionFileRoute(req, id, versionId);
}
