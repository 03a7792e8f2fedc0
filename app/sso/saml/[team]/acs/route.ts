// The team's SAML assertion consumer service (server/sso/routes.ts).
import { acsRoute } from '@/server/sso/routes';

export const dynamic = 'force-dynamic';
export const POST = async (req: Request, { params }: { params: Promise<{ team: string }> }) => acsRoute(req, (await params).team);
