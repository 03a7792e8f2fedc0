// SCIM 2.0 (RFC 7644) for identity providers: server/scim/route.ts.
import { scimRoute } from '@/server/scim/route';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ path?: string[] }> };
const handle = async (req: Request, { params }: Ctx) => scimRoute(req, await params);

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
