import { z } from 'zod';
import { id } from '../../schemas/common';

export const TeamRoleInput = z.enum(['admin', 'manager', 'member']);

export const ChangeRoleInput = z.strictObject({ id: id('member id'), role: TeamRoleInput });
export const RemoveMemberInput = z.strictObject({ id: id('member id') });
