// "Continue with SSO": the team by email domain or slug (server/sso/routes.ts).
import { findRoute } from '@/server/sso/routes';

export const dynamic = 'force-dynamic';
export const GET = (req: Request) => findRoute(req);
