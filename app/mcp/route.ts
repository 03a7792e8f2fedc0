// The MCP endpoint (server/mcp): every /v1 operation as a tool, for AI agents.
import { mcpRoute } from '@/server/mcp/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
export { mcpRoute as GET, mcpRoute as POST, mcpRoute as DELETE, mcpRoute as OPTIONS };
