// The MCP server of one HTTP request (stateless Streamable HTTP: a fresh server and transport per
// request, nothing kept between requests, so any instance answers any call). The SDK's low-level
// Server, because the tools are JSON Schema read off the OpenAPI document, not zod shapes.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { callTool } from './call';
import { mcpTools } from './tools';

const INSTRUCTIONS =
  'Quire: documents, folders, share links, data rooms, brands, analytics and the audit log of one team, ' +
  'with the scopes of the token you connected with. Each tool is one /v1 operation of the Quire REST API ' +
  'and answers its JSON. Lists page: pass the answer\'s `next_cursor` as `cursor` until it is null. ' +
  'Files are added by URL (`source_url`), never as bytes. Errors carry the API\'s `code` and message.';

export function mcpServer(from: Request): Server {
  const server = new Server({ name: 'quire', title: 'Quire', version: '1' }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...mcpTools().values()].map((t) => t.tool) }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = mcpTools().get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return callTool(tool, request.params.arguments ?? {}, from);
  });
  return server;
}
