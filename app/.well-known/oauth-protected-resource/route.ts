// RFC 9728 protected resource metadata of the MCP endpoint, at the root well-known path too:
// MCP clients that ignore the 401's resource_metadata look here (server/mcp/resource.ts).
import { protectedResourceRoute } from '@/server/mcp/resource';

export const dynamic = 'force-dynamic';
export { protectedResourceRoute as GET };
