// Redactions (DESIGN.md "Redaction that removes, and proves it"): drafts on a document, applied in
// the background (202, then poll GET until applied or failed).
import { deleted } from '../../schemas/common';
import * as redactions from '../../services/redactions/redactions';
import { router, teamProcedure } from '../../trpc';
import * as s from './schemas';

const tags = ['Redactions'];

export const redactionsRouter = router({
  create: teamProcedure('documents.write')
    .meta({ status: 201, openapi: { method: 'POST', path: '/documents/{id}/redactions', tags, summary: 'Draft a redaction: marks from boxes, terms and patterns, each with the text it covers' } })
    .input(s.CreateRedactionInput)
    .output(s.Redaction)
    .mutation(({ ctx, input }) => {
      const { id, ...draft } = input;
      return redactions.createRedaction(ctx.actor, id, draft);
    }),
  list: teamProcedure('documents.read')
    .meta({ openapi: { method: 'GET', path: '/documents/{id}/redactions', tags, summary: "A document's redactions, newest first" } })
    .input(s.DocumentRedactionsInput)
    .output(s.RedactionList)
    .query(({ ctx, input }) => redactions.listRedactions(ctx.actor, input.id)),
  get: teamProcedure('documents.read')
    .meta({ openapi: { method: 'GET', path: '/redactions/{id}', tags, summary: 'Get a redaction (poll it after apply)' } })
    .input(s.RedactionIdInput)
    .output(s.Redaction)
    .query(({ ctx, input }) => redactions.getRedaction(ctx.actor, input.id)),
  update: teamProcedure('documents.write')
    .meta({ openapi: { method: 'PATCH', path: '/redactions/{id}', tags, summary: 'Add marks (boxes, terms, patterns) or drop marks of a draft' } })
    .input(s.UpdateRedactionInput)
    .output(s.Redaction)
    .mutation(({ ctx, input }) => {
      const { id, ...change } = input;
      return redactions.updateRedaction(ctx.actor, id, change);
    }),
  applyMarks: teamProcedure('documents.write')
    .meta({ status: 202, openapi: { method: 'POST', path: '/redactions/{id}/apply', tags, summary: 'Apply: a new primary version with nothing under the marks, verified before it is published' } })
    .input(s.RedactionIdInput)
    .output(s.Redaction)
    .mutation(({ ctx, input }) => redactions.applyRedaction(ctx.actor, input.id)),
  delete: teamProcedure('documents.write')
    .meta({ openapi: { method: 'DELETE', path: '/redactions/{id}', tags, summary: 'Delete a draft (or a failed redaction)' } })
    .input(s.RedactionIdInput)
    .output(deleted('redaction'))
    .mutation(({ ctx, input }) => redactions.deleteRedaction(ctx.actor, input.id)),
});
