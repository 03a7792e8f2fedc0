import { z } from 'zod';

const teamName = z.string().trim().min(1, 'Give the team a name.').max(64, 'Use at most 64 characters.');

export const CreateTeamInput = z.strictObject({ name: teamName });
export const RenameTeamInput = z.strictObject({ name: teamName });
