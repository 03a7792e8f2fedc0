'use client';
// How a link's state and protections read in lists and headers.
import { Download, Droplets, FileSignature, KeyRound, Mail, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatRelative } from '@/lib/format';
import { useDateFormat } from '@/lib/use-date-format';
import { isExpired, type LinkItem } from './draft';

export function StatusBadge({ link }: { link: Pick<LinkItem, 'expires_at'> }) {
  const fmt = useDateFormat();
  if (isExpired(link)) {
    return (
      <Badge tone="red">
        <span title={link.expires_at ? `Expired ${fmt.dateTime(link.expires_at)}` : undefined}>Expired</span>
      </Badge>
    );
  }
  return <Badge tone="green">Active</Badge>;
}

/** "Expires in 3 days" under the status, when it will. */
export function ExpiryNote({ link }: { link: Pick<LinkItem, 'expires_at'> }) {
  // Re-renders once hydrated: the server's "now" and time zone are not the browser's.
  const fmt = useDateFormat();
  if (!link.expires_at) return null;
  const days = Math.round((new Date(link.expires_at).getTime() - Date.now()) / 86400_000);
  const when = days > 6 && days < 100 ? `in ${days} days` : formatRelative(link.expires_at);
  return (
    <span className="block text-xs text-zinc-500" title={fmt.dateTime(link.expires_at)} suppressHydrationWarning>
      {isExpired(link) ? `Expired ${when}` : `Expires ${when}`}
    </span>
  );
}

/** Small icons for the checks a visitor passes, each named for screen readers and on hover. */
export function ProtectionIcons({ link }: { link: LinkItem }) {
  const items: [LucideIcon, string][] = [];
  if (link.email_authenticated) items.push([ShieldCheck, 'Email verified by code']);
  else if (link.email_protected) items.push([Mail, 'Email required']);
  if (link.is_password_protected) items.push([KeyRound, 'Password']);
  if (link.agreement_id) items.push([FileSignature, 'NDA: visitors accept an agreement first']);
  if (link.watermark_config) items.push([Droplets, 'Watermark']);
  if (link.allow_download) items.push([Download, 'Downloads allowed']);
  if (!items.length) return null;
  return (
    <span className="flex items-center gap-1.5 text-zinc-400">
      {items.map(([Icon, label]) => (
        <span key={label} title={label} className="inline-flex">
          <Icon className="h-3.5 w-3.5" aria-hidden />
          <span className="sr-only">{label}</span>
        </span>
      ))}
    </span>
  );
}
