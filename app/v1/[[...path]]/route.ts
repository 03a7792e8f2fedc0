// Every /v1 request on Next's own server (Vercel, `next start`): the one /v1 routing table,
// the same one scripts/serve.ts uses.
import { routeV1 } from '@/server/rest/routes';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export {
  routeV1 as GET,
  routeV1 as HEAD,
  routeV1 as POST,
  routeV1 as PUT,
  routeV1 as PATCH,
  routeV1 as DELETE,
  routeV1 as OPTIONS,
};
