// Agreements and their acceptances (DESIGN.md "Agreements (NDA before access)").
import * as agreements from '../../services/agreements/agreements';
import { router, teamProcedure } from '../../trpc';
import * as s from './schemas';

const tags = ['Agreements'];

export const agreementsRouter = router({
  list: teamProcedure('links.read')
    .meta({ openapi: { method: 'GET', path: '/agreements', tags, summary: 'List the team’s agreements, newest first' } })
    .input(s.ListAgreementsInput)
    .output(s.AgreementList)
    .query(({ ctx }) => agreements.listAgreements(ctx.actor)),
  create: teamProcedure('links.write')
    .meta({ status: 201, openapi: { method: 'POST', path: '/agreements', tags, summary: 'Create an agreement' } })
    .input(s.CreateAgreementInput)
    .output(s.Agreement)
    .mutation(({ ctx, input }) => agreements.createAgreement(ctx.actor, input)),
  get: teamProcedure('links.read')
    .meta({ openapi: { method: 'GET', path: '/agreements/{id}', tags, summary: 'Get an agreement' } })
    .input(s.AgreementIdInput)
    .output(s.Agreement)
    .query(({ ctx, input }) => agreements.getAgreement(ctx.actor, input.id)),
  update: teamProcedure('links.write')
    .meta({ openapi: { method: 'PATCH', path: '/agreements/{id}', tags, summary: 'Update an agreement (changed terms get a new version and are asked again)' } })
    .input(s.UpdateAgreementInput)
    .output(s.Agreement)
    .mutation(({ ctx, input }) => agreements.updateAgreement(ctx.actor, input.id, input)),
  delete: teamProcedure('links.write')
    .meta({ openapi: { method: 'DELETE', path: '/agreements/{id}', tags, summary: 'Delete an agreement (409 while a live link or a preset uses it)' } })
    .input(s.AgreementIdInput)
    .output(s.deleted('agreement'))
    .mutation(({ ctx, input }) => agreements.deleteAgreement(ctx.actor, input.id)),
  acceptances: teamProcedure('links.read')
    .meta({ openapi: { method: 'GET', path: '/agreements/{id}/acceptances', tags, summary: 'List an agreement’s acceptances, newest first' } })
    .input(s.ListAcceptancesInput)
    .output(s.AgreementAcceptanceList)
    .query(({ ctx, input }) => agreements.listAcceptances(ctx.actor, input.id, input)),
});
