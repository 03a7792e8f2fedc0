// A room's branding (spec 2.10, 3.1, 4.3). Raw image bytes reach putImage through
// server/rest/image-route.ts (/v1) and the dashboard's upload route.
import { z } from 'zod';
import * as branding from '../../services/branding/room-branding';
import { id } from '../../schemas/common';
import { router, teamProcedure } from '../../trpc';
import { brandFields, brandSettingsShape } from '../brands/schemas';

const tags = ['Data rooms'];
const roomId = id('data room id');
const mode = z.enum(['team_default', 'team_brand', 'custom']);

const Effective = z
  .object(brandSettingsShape)
  .omit({ logo: true, banner: true, link_preview_image: true, link_preview_favicon: true })
  .extend({
    source: z.enum(['link_brand', 'custom', 'team_brand', 'team_default', 'service_default']),
    source_brand_id: z.string().nullable(),
    brand_color: z.string(),
    logo_url: z.string().nullable(),
    banner_url: z.string().nullable(),
    link_preview_image_url: z.string().nullable(),
    link_preview_favicon_url: z.string().nullable(),
  });

export const RoomBranding = z.object({
  object: z.literal('dataroom_branding'),
  dataroom_id: z.string(),
  dataroom_pid: z.string(),
  mode,
  brand_id: z.string().nullable(),
  custom: z.object(brandSettingsShape).nullable(),
  effective: Effective,
});

const RoomIdInput = z.strictObject({ id: roomId });
const UpdateRoomBrandingInput = z.strictObject({ id: roomId, mode: mode.optional(), brand_id: id('brand_id').optional(), ...brandFields });
const PutRoomImageInput = z.strictObject({
  id: roomId,
  slot: z.string().max(64),
  content_type: z.string().max(255).nullable(),
  bytes: z.custom<Uint8Array>((v) => v instanceof Uint8Array, { message: "must be the raw image bytes" }),
});

export const roomBrandingRouter = router({
  get: teamProcedure('datarooms.read')
    .meta({ openapi: { method: 'GET', path: '/datarooms/{id}/branding', tags, summary: 'Get a room’s branding and what visitors see' } })
    .input(RoomIdInput)
    .output(RoomBranding)
    .query(({ ctx, input }) => branding.getRoomBranding(ctx.actor, input.id)),
  update: teamProcedure('datarooms.write')
    .meta({ openapi: { method: 'PATCH', path: '/datarooms/{id}/branding', tags, summary: 'Set a room’s branding mode or custom settings' } })
    .input(UpdateRoomBrandingInput)
    .output(RoomBranding)
    .mutation(({ ctx, input }) => branding.updateRoomBranding(ctx.actor, input.id, input)),
  putImage: teamProcedure('datarooms.write')
    .input(PutRoomImageInput)
    .output(RoomBranding)
    .mutation(({ ctx, input }) => branding.putRoomBrandingImage(ctx.actor, input)),
});
