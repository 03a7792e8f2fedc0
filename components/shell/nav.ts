import { Bell, BookOpen, ChartColumn, Contact, FileSignature, FileText, FolderLock, Globe, Inbox, KeyRound, Link2, MonitorSmartphone, Palette, ScrollText, ShieldCheck, SlidersHorizontal, Users, Webhook, type LucideIcon } from 'lucide-react';

export type NavItem = { href: string; label: string; icon: LucideIcon; soon?: boolean };

export const MAIN_NAV: NavItem[] = [
  { href: '/documents', label: 'Documents', icon: FileText },
  { href: '/datarooms', label: 'Data rooms', icon: FolderLock },
  { href: '/links', label: 'Links', icon: Link2 },
  { href: '/agreements', label: 'Agreements', icon: FileSignature },
  { href: '/access-requests', label: 'Access requests', icon: Inbox },
  { href: '/visitors', label: 'Visitors', icon: Contact },
  { href: '/analytics', label: 'Analytics', icon: ChartColumn },
  { href: '/branding', label: 'Branding', icon: Palette },
];

export const SETTINGS_NAV: NavItem[] = [
  { href: '/settings/team', label: 'Team', icon: Users },
  { href: '/settings/notifications', label: 'Notifications', icon: Bell },
  { href: '/settings/presets', label: 'Link presets', icon: SlidersHorizontal },
  { href: '/settings/domains', label: 'Domains', icon: Globe },
  { href: '/settings/security', label: 'Security', icon: ShieldCheck },
  { href: '/settings/tokens', label: 'API tokens', icon: KeyRound },
  { href: '/settings/connected-apps', label: 'Connected apps', icon: MonitorSmartphone },
  { href: '/settings/webhooks', label: 'Webhooks', icon: Webhook },
  { href: '/settings/audit-log', label: 'Audit log', icon: ScrollText },
];

export const DOCS_LINK: NavItem = { href: '/docs/api', label: 'API reference', icon: BookOpen };
