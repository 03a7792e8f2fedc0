// Starts a SAML sign-in for the team (server/sso/routes.ts).
import { loginRoute } from '@/server/sso/routes';

export const dynamic = 'force-dynamic';
export const GET = async (req: Request, { params }: { params: Promise<{ team: string }> }) => loginRoute(req, (await params).team);
