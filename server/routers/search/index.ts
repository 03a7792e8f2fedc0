// Search inside documents, the team's side (DESIGN.md "Search inside documents"). The viewer's
// room search (server/viewer) and the MCP tool call the same service.
import { searchTeam } from '../../services/search/team';
import { teamProcedure } from '../../trpc';
import * as s from './schemas';

const tags = ['Search'];

/** At the root of the app router: its operationId (and MCP tool name) is `search`. */
export const searchProcedure = teamProcedure('documents.read')
    .meta({ openapi: { method: 'GET', path: '/search', tags, summary: 'Search names and the words inside documents' } })
    .input(s.SearchInput)
    .output(s.SearchHitList)
    .query(({ ctx, input }) => searchTeam(ctx.actor, input));
