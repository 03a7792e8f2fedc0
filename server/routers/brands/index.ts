// Brands (spec 2.9, 3.2, 4.3; DESIGN.md "Brands and branding"). Raw image bytes reach putImage
// through server/rest/image-route.ts (/v1) and the dashboard's upload route.
import * as brands from '../../services/branding/brands';
import { brandingPreview } from '../../services/branding/preview';
import { router, teamProcedure } from '../../trpc';
import * as s from './schemas';

const tags = ['Brands'];

export const brandsRouter = router({
  list: teamProcedure('branding.read')
    .meta({ openapi: { method: 'GET', path: '/brands', tags, summary: 'List the team’s brands, oldest first' } })
    .input(s.ListBrandsInput)
    .output(s.BrandList)
    .query(({ ctx }) => brands.listBrands(ctx.actor)),
  create: teamProcedure('branding.write')
    .meta({ status: 201, openapi: { method: 'POST', path: '/brands', tags, summary: 'Create a brand (the first becomes the default)' } })
    .input(s.CreateBrandInput)
    .output(s.Brand)
    .mutation(({ ctx, input }) => brands.createBrand(ctx.actor, input)),
  get: teamProcedure('branding.read')
    .meta({ openapi: { method: 'GET', path: '/brands/{id}', tags, summary: 'Get a brand' } })
    .input(s.BrandIdInput)
    .output(s.Brand)
    .query(({ ctx, input }) => brands.getBrand(ctx.actor, input.id)),
  update: teamProcedure('branding.write')
    .meta({ openapi: { method: 'PATCH', path: '/brands/{id}', tags, summary: 'Update a brand (is_default: true moves the default)' } })
    .input(s.UpdateBrandInput)
    .output(s.Brand)
    .mutation(({ ctx, input }) => brands.updateBrand(ctx.actor, input.id, input)),
  delete: teamProcedure('branding.write')
    .meta({ openapi: { method: 'DELETE', path: '/brands/{id}', tags, summary: 'Delete a brand and its images' } })
    .input(s.BrandIdInput)
    .output(s.deleted('brand'))
    .mutation(({ ctx, input }) => brands.deleteBrand(ctx.actor, input.id)),
  putImage: teamProcedure('branding.write')
    .input(s.PutBrandImageInput)
    .output(s.Brand)
    .mutation(({ ctx, input }) => brands.putBrandImage(ctx.actor, input)),
  usage: teamProcedure('branding.read')
    .input(s.ListBrandsInput)
    .output(s.BrandUsage)
    .query(({ ctx }) => brands.brandUsage(ctx.actor)),
  dependents: teamProcedure('branding.read')
    .input(s.BrandIdInput)
    .output(s.BrandDependents)
    .query(({ ctx, input }) => brands.brandDependents(ctx.actor, input.id)),
  preview: teamProcedure('datarooms.read')
    .input(s.PreviewInput)
    .output(s.Preview)
    .query(({ ctx, input }) => brandingPreview(ctx.actor, input)),
});
