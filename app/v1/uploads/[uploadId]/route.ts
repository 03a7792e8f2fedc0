import { putUpload, uploadMethodNotAllowed } from '@/server/rest/upload-route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function PUT(req: Request, { params }: { params: Promise<{ uploadId: string }> }) {
  return putUpload(req, (await params).uploadId);
}

export { uploadMethodNotAllowed as GET, uploadMethodNotAllowed as POST, uploadMethodNotAllowed as PATCH, uploadMethodNotAllowed as DELETE };
