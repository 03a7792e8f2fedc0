import type { ReactNode } from 'react';
import { DashboardProviders } from '@/components/shell/providers';
import { Shell } from '@/components/shell/shell';
import { dashboardCaller, getServerContext } from '@/server/dashboard/caller';
import { config } from '@/server/config';

/** Every dashboard page: signed in, and acting on a team the user belongs to. */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const caller = await dashboardCaller();
  const ctx = await getServerContext();
  const [team, teams] = await Promise.all([caller.teams.current(), caller.teams.list()]);
  return (
    <DashboardProviders identity={{ user: ctx.user!, team, teams, limits: { maxUploadBytes: config.maxUploadBytes }, appUrl: config.appUrl }}>
      <Shell>{children}</Shell>
    </DashboardProviders>
  );
}
