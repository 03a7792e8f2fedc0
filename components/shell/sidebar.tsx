'use client';
import { ExternalLink } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { LogoMark } from '@/components/brand/logo';
import { useOpenQuestionCounts } from '@/components/questions/hooks';
import { cn } from '@/lib/cn';
import { DOCS_LINK, MAIN_NAV, SETTINGS_NAV, type NavItem } from './nav';
import { TeamSwitcher } from './team-switcher';
import { UserMenu } from './user-menu';
import { usePendingAccessRequests } from '@/components/access-requests/access-requests';

/** A number beside a navigation item: what waits for the team there. */
type NavCount = { value: number; label: string; testId: string };

function NavLink({ item, active, onNavigate, count }: { item: NavItem; active: boolean; onNavigate?: () => void; count?: NavCount }) {
  const Icon = item.icon;
  return (
    <Link
      href={item.href}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'group flex items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-sm font-medium transition-colors',
        active ? 'bg-white text-zinc-900 shadow-sm ring-1 ring-zinc-200' : 'text-zinc-600 hover:bg-zinc-200/60 hover:text-zinc-900',
      )}
    >
      <Icon className={cn('h-4 w-4 shrink-0', active ? 'text-brand-600' : 'text-zinc-400 group-hover:text-zinc-600')} aria-hidden />
      <span className="flex-1 truncate">{item.label}</span>
      {count?.value ? (
        <span data-testid={count.testId} aria-label={`${count.value} ${count.label}`} title={`${count.value} ${count.label}`} className="rounded-full bg-brand-600 px-1.5 py-px text-[11px] font-semibold text-white tabular-nums">
          {count.value}
        </span>
      ) : null}
      {item.soon && <span className="rounded bg-zinc-200/80 px-1.5 py-px text-[10px] font-semibold tracking-wide text-zinc-500 uppercase">Soon</span>}
    </Link>
  );
}

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = usePathname();
  const isActive = (href: string) => pathname === href || pathname.startsWith(`${href}/`);
  const pending = usePendingAccessRequests();
  // Data rooms carry the number of unanswered visitor questions across the team's rooms.
  const unanswered = Object.values(useOpenQuestionCounts()).reduce((n, c) => n + c, 0);
  const navCount = (href: string): NavCount | undefined =>
    href === '/access-requests'
      ? { value: pending, label: 'pending', testId: 'nav-count' }
      : href === '/datarooms'
        ? { value: unanswered, label: 'unanswered questions', testId: 'nav-count-questions' }
        : undefined;
  return (
    <div className="flex h-full flex-col gap-4 px-3 py-4">
      <div className="flex items-center gap-2 px-1">
        <LogoMark className="h-7 w-7" />
        <span className="text-base font-semibold tracking-tight">Quire</span>
      </div>
      <TeamSwitcher />
      <nav aria-label="Main" className="flex flex-1 flex-col gap-6 overflow-y-auto">
        <ul className="space-y-0.5">
          {MAIN_NAV.map((item) => (
            <li key={item.href}>
              <NavLink item={item} active={isActive(item.href)} onNavigate={onNavigate} count={navCount(item.href)} />
            </li>
          ))}
        </ul>
        <div>
          <p className="mb-1 px-2.5 text-xs font-medium text-zinc-500">Settings</p>
          <ul className="space-y-0.5">
            {SETTINGS_NAV.map((item) => (
              <li key={item.href}>
                <NavLink item={item} active={isActive(item.href)} onNavigate={onNavigate} />
              </li>
            ))}
            <li>
              <a
                href={DOCS_LINK.href}
                target="_blank"
                rel="noreferrer"
                className="group flex items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-zinc-600 hover:bg-zinc-200/60 hover:text-zinc-900"
              >
                <DOCS_LINK.icon className="h-4 w-4 text-zinc-400 group-hover:text-zinc-600" aria-hidden />
                <span className="flex-1">{DOCS_LINK.label}</span>
                <ExternalLink className="h-3.5 w-3.5 text-zinc-400" aria-label="(opens in a new tab)" />
              </a>
            </li>
          </ul>
        </div>
      </nav>
      <UserMenu />
    </div>
  );
}
