import { z } from 'zod';
import { id } from '../../schemas/common';
import { TeamRoleInput } from '../members/schemas';

const invitationToken = z.string().min(16).max(128).regex(/^[A-Za-z0-9_-]+$/, 'is not an invitation token');

export const CreateInvitationInput = z.strictObject({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address.')).pipe(z.string().max(254)),
  role: TeamRoleInput,
});
export const RevokeInvitationInput = z.strictObject({ id: id('invitation id') });
export const InvitationTokenInput = z.strictObject({ token: invitationToken });
