'use client';
import { Check, ChevronsUpDown, Plus } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { selectTeam } from '@/server/dashboard/team-actions';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuPrimitive, MenuSeparator, MenuTrigger } from '@/components/ui/dropdown';
import { Spinner } from '@/components/ui/spinner';
import { PLAN_LABELS } from '@/lib/format';
import { useIdentity } from './team-context';

function TeamAvatar({ name }: { name: string }) {
  return (
    <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-md bg-zinc-900 text-xs font-semibold text-white uppercase" aria-hidden>
      {name.trim().charAt(0) || '?'}
    </span>
  );
}

export function TeamSwitcher() {
  const { team, teams } = useIdentity();
  const router = useRouter();
  const [switching, setSwitching] = useState<string | null>(null);

  async function switchTo(id: string) {
    if (id === team.id) return;
    setSwitching(id);
    const { ok } = await selectTeam(id);
    // A full load: every screen, cache and header then belongs to the new team.
    if (ok) window.location.assign('/documents');
    else {
      setSwitching(null);
      router.refresh();
    }
  }

  return (
    <Menu>
      <MenuTrigger
        className="flex w-full items-center gap-2.5 rounded-lg bg-white px-2 py-1.5 text-left shadow-sm ring-1 ring-zinc-200 hover:bg-zinc-50"
        aria-label={`Team: ${team.name}. Switch team`}
      >
        <TeamAvatar name={team.name} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-zinc-900">{team.name}</span>
          <span className="block text-xs text-zinc-500">{PLAN_LABELS[team.plan] ?? team.plan} plan</span>
        </span>
        {switching ? <Spinner className="h-4 w-4 text-zinc-400" /> : <ChevronsUpDown className="h-4 w-4 text-zinc-400" aria-hidden />}
      </MenuTrigger>
      <MenuContent align="start" className="w-64">
        <MenuLabel>Your teams</MenuLabel>
        {teams.map((t) => (
          <MenuPrimitive.Item
            key={t.id}
            onSelect={() => switchTo(t.id)}
            className="flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm text-zinc-700 outline-none data-[highlighted]:bg-zinc-100"
          >
            <TeamAvatar name={t.name} />
            <span className="min-w-0 flex-1 truncate">{t.name}</span>
            {t.id === team.id && <Check className="h-4 w-4 text-brand-600" aria-label="(current)" />}
          </MenuPrimitive.Item>
        ))}
        <MenuSeparator />
        <MenuItem icon={Plus} onSelect={() => router.push('/teams/new')}>
          Create a team
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
