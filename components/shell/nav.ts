import { BookOpen, ChartColumn, FileText, FolderLock, KeyRound, Link2, Palette, Users, type LucideIcon } from 'lucide-react';

export type NavItem = { href: string; label: string; icon: LucideIcon; soon?: boolean };

export const MAIN_NAV: NavItem[] = [
  { href: '/documents', label: 'Documents', icon: FileText },
  { href: '/datarooms', label: 'Data rooms', icon: FolderLock },
  { href: '/links', label: 'Links', icon: Link2, soon: true },
  { href: '/analytics', label: 'Analytics', icon: ChartColumn, soon: true },
  { href: '/branding', label: 'Branding', icon: Palette },
];

export const SETTINGS_NAV: NavItem[] = [
  { href: '/settings/team', label: 'Team', icon: Users },
  { href: '/settings/tokens', label: 'API tokens', icon: KeyRound },
];

export const DOCS_LINK: NavItem = { href: '/docs/api', label: 'API reference', icon: BookOpen };
