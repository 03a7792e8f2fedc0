// The team's SAML service provider metadata (server/sso/routes.ts).
import { metadataRoute } from '@/server/sso/routes';

export const dynamic = 'force-dynamic';
export const GET = async (_req: Request, { params }: { params: Promise<{ team: string }> }) => metadataRoute((await params).team);
