// Link presets (DESIGN.md "Links, presets and the viewer"): named settings that seed new links.
import * as presets from '../../services/links/presets';
import { router, teamProcedure } from '../../trpc';
import * as s from './schemas';

const tags = ['Link presets'];

export const linkPresetsRouter = router({
  list: teamProcedure('links.read')
    .meta({ openapi: { method: 'GET', path: '/link-presets', tags, summary: 'List link presets by name' } })
    .input(s.ListLinkPresetsInput)
    .output(s.LinkPresetList)
    .query(({ ctx }) => presets.listPresets(ctx.actor)),
  create: teamProcedure('links.write')
    .meta({ status: 201, openapi: { method: 'POST', path: '/link-presets', tags, summary: 'Create a link preset' } })
    .input(s.CreateLinkPresetInput)
    .output(s.LinkPreset)
    .mutation(({ ctx, input }) => presets.createPreset(ctx.actor, input)),
  get: teamProcedure('links.read')
    .meta({ openapi: { method: 'GET', path: '/link-presets/{id}', tags, summary: 'Get a link preset' } })
    .input(s.LinkPresetIdInput)
    .output(s.LinkPreset)
    .query(({ ctx, input }) => presets.getPreset(ctx.actor, input.id)),
  update: teamProcedure('links.write')
    .meta({ openapi: { method: 'PATCH', path: '/link-presets/{id}', tags, summary: 'Update a link preset' } })
    .input(s.UpdateLinkPresetInput)
    .output(s.LinkPreset)
    .mutation(({ ctx, input }) => presets.updatePreset(ctx.actor, input.id, input)),
  delete: teamProcedure('links.write')
    .meta({ openapi: { method: 'DELETE', path: '/link-presets/{id}', tags, summary: 'Delete a link preset (links made from it keep their settings)' } })
    .input(s.LinkPresetIdInput)
    .output(s.deleted('link_preset'))
    .mutation(({ ctx, input }) => presets.deletePreset(ctx.actor, input.id)),
});
