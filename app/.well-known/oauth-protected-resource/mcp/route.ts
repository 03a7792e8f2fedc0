// RFC 9728 protected resource metadata of {APP_URL}/mcp, where the 401's resource_metadata points.
import { protectedResourceRoute } from '@/server/mcp/resource';

export const dynamic = 'force-dynamic';
export { protectedResourceRoute as GET };
