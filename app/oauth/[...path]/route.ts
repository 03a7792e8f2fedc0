// The OAuth issuer's endpoints (server/oauth): device authorization, token, registration, revocation.
import { issuerRoute } from '@/server/oauth/route';

export const dynamic = 'force-dynamic';
export { issuerRoute as GET, issuerRoute as POST };
