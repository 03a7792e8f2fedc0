import { z } from 'zod';

export const ConfigureSamlInput = z
  .object({
    metadata_xml: z.string().max(1024 * 1024).nullish(),
    metadata_url: z.string().trim().max(2048).nullish(),
    domains: z.array(z.string().max(253)).max(20).optional(),
    require_sso: z.boolean().optional(),
  })
  .strict();
