import { z } from 'zod';
import { GRANTABLE } from '../../../lib/shared/scopes';
import { id } from '../../schemas/common';

const tokenScope = z.enum(GRANTABLE.filter((s) => s !== 'offline_access') as [string, ...string[]]);

export const CreateTokenInput = z.strictObject({
  name: z.string().trim().min(1, 'Give the token a name.').max(64, 'Use at most 64 characters.'),
  scopes: z.array(tokenScope).min(1, 'Pick at least one scope.').max(32),
});
export const RevokeTokenInput = z.strictObject({ id: id('token id') });
