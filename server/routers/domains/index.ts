// Custom domains (DESIGN.md "Custom domains (white label)").
import * as domains from '../../services/domains/domains';
import { router, teamProcedure } from '../../trpc';
import * as s from './schemas';

const tags = ['Domains'];

export const domainsRouter = router({
  list: teamProcedure('links.read')
    .meta({ openapi: { method: 'GET', path: '/domains', tags, summary: 'List the team’s custom domains, oldest first' } })
    .input(s.ListDomainsInput)
    .output(s.DomainList)
    .query(({ ctx }) => domains.listDomains(ctx.actor)),
  create: teamProcedure('links.write')
    .meta({ status: 201, openapi: { method: 'POST', path: '/domains', tags, summary: 'Add a custom domain (pending until verified)' } })
    .input(s.CreateDomainInput)
    .output(s.Domain)
    .mutation(({ ctx, input }) => domains.createDomain(ctx.actor, input)),
  get: teamProcedure('links.read')
    .meta({ openapi: { method: 'GET', path: '/domains/{id}', tags, summary: 'Get a custom domain' } })
    .input(s.DomainIdInput)
    .output(s.Domain)
    .query(({ ctx, input }) => domains.getDomain(ctx.actor, input.id)),
  verify: teamProcedure('links.write')
    .meta({ openapi: { method: 'POST', path: '/domains/{id}/verify', tags, summary: 'Check the domain’s DNS now (verified, or failed with what DNS answered)' } })
    .input(s.DomainIdInput)
    .output(s.Domain)
    .mutation(({ ctx, input }) => domains.verifyDomain(ctx.actor, input.id)),
  delete: teamProcedure('links.write')
    .meta({ openapi: { method: 'DELETE', path: '/domains/{id}', tags, summary: 'Remove a custom domain (its links return to the app host)' } })
    .input(s.DomainIdInput)
    .output(s.deleted('domain'))
    .mutation(({ ctx, input }) => domains.deleteDomain(ctx.actor, input.id)),
});
