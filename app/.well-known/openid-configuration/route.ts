// OAuth discovery on the app origin (the issuer); the API host answers 404 here (proxy.ts).
import { issuerRoute } from '@/server/oauth/route';

export const dynamic = 'force-dynamic';
export { issuerRoute as GET };
