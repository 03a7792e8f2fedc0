// Visitor uploads, the team's side (DESIGN.md "Room power tools"). Visitors upload through the
// viewer face (server/viewer/router.ts); both call server/services/visitor-uploads.
import * as uploads from '../../services/visitor-uploads/team';
import { router, teamProcedure } from '../../trpc';
import * as s from './schemas';

const tags = ['Visitor uploads'];

export const visitorUploadsRouter = router({
  list: teamProcedure('datarooms.read')
    .meta({ openapi: { method: 'GET', path: '/datarooms/{id}/visitor-uploads', tags, summary: 'List a room’s visitor uploads, newest first (filter status)' } })
    .input(s.ListVisitorUploadsInput)
    .output(s.VisitorUploadList)
    .query(({ ctx, input }) => uploads.listVisitorUploads(ctx.actor, input.id, input)),
  get: teamProcedure('datarooms.read')
    .meta({ openapi: { method: 'GET', path: '/visitor-uploads/{id}', tags, summary: 'Get a visitor upload' } })
    .input(s.VisitorUploadIdInput)
    .output(s.VisitorUpload)
    .query(({ ctx, input }) => uploads.getVisitorUpload(ctx.actor, input.id)),
  approve: teamProcedure('datarooms.write')
    .meta({ openapi: { method: 'POST', path: '/visitor-uploads/{id}/approve', tags, summary: 'Approve: the file becomes a room document in its folder; the uploader is mailed' } })
    .input(s.ApproveVisitorUploadInput)
    .output(s.VisitorUpload)
    .mutation(({ ctx, input }) => uploads.approveVisitorUpload(ctx.actor, input.id, input)),
  reject: teamProcedure('datarooms.write')
    .meta({ openapi: { method: 'POST', path: '/visitor-uploads/{id}/reject', tags, summary: 'Reject with a reason the uploader sees and is mailed; the file is deleted' } })
    .input(s.RejectVisitorUploadInput)
    .output(s.VisitorUpload)
    .mutation(({ ctx, input }) => uploads.rejectVisitorUpload(ctx.actor, input.id, input)),
  // The dashboard's: pending uploads per room (the tab's count).
  pendingCounts: teamProcedure('datarooms.read').query(({ ctx }) => uploads.pendingCounts(ctx.actor)),
});
