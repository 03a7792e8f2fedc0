import { cache } from 'react';
import { dashboardCaller } from '@/server/dashboard/caller';
import { orNotFound } from '@/server/dashboard/or-not-found';

/** The document of a dashboard page; another team's, a deleted one, or a malformed id: null (not found). */
export const loadDocument = cache(async (id: string) => orNotFound(async () => (await dashboardCaller()).documents.get({ id })));
