// RFC 8414 authorization server metadata on the app origin (the issuer): the same document as
// /.well-known/openid-configuration; the API host answers 404 here (proxy.ts).
import { issuerRoute } from '@/server/oauth/route';

export const dynamic = 'force-dynamic';
export { issuerRoute as GET };
