import { getOpenApi, openApiMethodNotAllowed } from '@/server/rest/openapi-route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export { getOpenApi as GET };
export { openApiMethodNotAllowed as POST, openApiMethodNotAllowed as PUT, openApiMethodNotAllowed as PATCH, openApiMethodNotAllowed as DELETE };
