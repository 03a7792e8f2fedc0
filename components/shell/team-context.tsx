'use client';
// What every dashboard screen knows about who is acting: the user, the selected team (with
// their role in it) and their other teams. Rendered by the server layout, so it is never stale
// for the page it came with.
import { createContext, useContext, type ReactNode } from 'react';
import type { TeamView } from '@/server/services/teams';

export type DashboardIdentity = {
  user: { id: string; email: string };
  team: TeamView;
  teams: TeamView[];
  /** The server's limits the browser checks before it asks (MAX_UPLOAD_BYTES...). */
  limits: { maxUploadBytes: number };
  /** The origin share links are made on (APP_URL, else the request's): previews show it. */
  appUrl: string;
};

const Ctx = createContext<DashboardIdentity | null>(null);

export function IdentityProvider({ value, children }: { value: DashboardIdentity; children: ReactNode }) {
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useIdentity(): DashboardIdentity {
  const v = useContext(Ctx);
  if (!v) throw new Error('useIdentity outside the dashboard');
  return v;
}

export const useIsAdmin = () => useIdentity().team.role === 'admin';
