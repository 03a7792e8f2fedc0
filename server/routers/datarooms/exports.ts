// Room archives (DESIGN.md "Events": the room archive): queued by POST, polled by GET.
import { z } from 'zod';
import { config } from '../../config';
import * as exportsService from '../../services/datarooms/exports';
import { id } from '../../schemas/common';
import { router, teamProcedure } from '../../trpc';

const tags = ['Data rooms'];

export const DataroomExport = z.object({
  id: z.string(),
  object: z.literal('dataroom_export'),
  dataroom_id: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  progress: z.int().describe('Percent of the documents written (100 once succeeded)'),
  size: z.int().nullable(),
  sha256: z.string().nullable(),
  download_url: z.string().nullable().describe('Signed, valid for an hour; only when succeeded'),
  error: z.string().nullable(),
  created: z.string(),
  completed_at: z.string().nullable(),
});

const RoomInput = z.strictObject({ id: id('data room id') });
const ExportInput = z.strictObject({ id: id('data room id'), exportId: id('export id') });

export const roomExportsRouter = router({
  create: teamProcedure('datarooms.read')
    .meta({
      status: 202,
      openapi: {
        method: 'POST',
        path: '/datarooms/{id}/exports',
        tags,
        summary: 'Archive the room: every document under its folder path, index.csv, audit-log.csv, qa.csv and MANIFEST.sha256, built in the background',
      },
    })
    .input(RoomInput)
    .output(DataroomExport)
    .mutation(({ ctx, input }) => exportsService.createExport(ctx.actor, input.id, ctx.origin ?? config.appUrl)),
  get: teamProcedure('datarooms.read')
    .meta({ openapi: { method: 'GET', path: '/datarooms/{id}/exports/{exportId}', tags, summary: 'Poll a room archive (download_url once succeeded)' } })
    .input(ExportInput)
    .output(DataroomExport)
    .query(({ ctx, input }) => exportsService.getExport(ctx.actor, input.id, input.exportId, ctx.origin ?? config.appUrl)),
  // The dashboard's: the room's newest archive after a reload (not part of /v1).
  latest: teamProcedure('datarooms.read')
    .input(RoomInput)
    .query(({ ctx, input }) => exportsService.latestExport(ctx.actor, input.id, ctx.origin ?? config.appUrl)),
});
