'use client';
import { ChevronsUpDown, LogOut } from 'lucide-react';
import { signOut } from 'next-auth/react';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuTrigger } from '@/components/ui/dropdown';
import { ROLE_LABELS } from '@/lib/format';
import { useIdentity } from './team-context';

export function UserMenu() {
  const { user, team } = useIdentity();
  return (
    <Menu>
      <MenuTrigger className="flex w-full items-center gap-2.5 rounded-lg px-2 py-1.5 text-left hover:bg-zinc-200/60" aria-label="Account menu">
        <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700 uppercase" aria-hidden>
          {user.email.charAt(0)}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-zinc-800">{user.email}</span>
          <span className="block text-xs text-zinc-500">{ROLE_LABELS[team.role]}</span>
        </span>
        <ChevronsUpDown className="h-4 w-4 text-zinc-400" aria-hidden />
      </MenuTrigger>
      <MenuContent align="start" className="w-60">
        <MenuLabel>{user.email}</MenuLabel>
        <MenuItem icon={LogOut} onSelect={() => signOut({ callbackUrl: '/signin' })}>
          Sign out
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
