'use client';
// One entry of the audit log, read as a sentence: who (and what kind of actor), what they did,
// to which item, when (exact, with the time zone, and relative), from where. Enter or Space on
// the entry opens its details: every id, the full user agent, and what changed.
import { ChevronRight } from 'lucide-react';
import Link from 'next/link';
import { useId, type ReactNode } from 'react';
import { describeAgent } from '@/lib/shared/user-agent';
import { Badge } from '@/components/ui/badge';
import { RelativeTime } from '@/components/ui/time';
import { cn } from '@/lib/cn';
import { ChangesTable } from './changes-table';
import { ACTOR_BADGES, eventPhrase } from './event-words';
import { UnverifiedMark } from '@/components/ui/unverified-mark';
import { actorLabel, actorSecondary, formatExactTime, itemOf, unverifiedEmail, type LogEvent } from './event-format';

function Item({ e }: { e: LogEvent }) {
  const item = itemOf(e);
  if (!item.label && !item.id && !item.detail) return null;
  const text = item.label ?? (item.id ? <code className="font-mono text-[0.8125rem]">{item.id}</code> : null);
  return (
    <>
      <span className="font-medium break-words text-zinc-900" title={item.id ?? undefined} data-testid="event-item">
        {text}
        {item.deleted && <span className="ml-1 text-xs font-normal text-zinc-500">(deleted)</span>}
      </span>
      {item.detail && (
        <span className="break-words text-zinc-500" data-testid="event-item-detail">
          {' '}
          · {item.detail}
        </span>
      )}
    </>
  );
}

function Details({ e, roomName }: { e: LogEvent; roomName?: string | null }) {
  const item = itemOf(e);
  const rows: [string, ReactNode][] = [
    ['Event', <code key="id" className="font-mono text-xs break-all">{e.id}</code>],
    ['Time', <span key="t">{formatExactTime(e.created)} <span className="text-zinc-400">({e.created})</span></span>],
    [
      'Actor',
      <span key="a">
        {[ACTOR_BADGES[e.actor.type] ?? 'Team member', e.actor.name, e.actor.email].filter(Boolean).join(' · ')}
        {unverifiedEmail(e.actor) && <UnverifiedMark className="ml-1" />}
        {e.actor.id && <code className="ml-1 font-mono text-xs break-all text-zinc-500">{e.actor.id}</code>}
      </span>,
    ],
    ['Item', item.id ? (item.href ? <Link key="i" href={item.href} className="font-mono text-xs break-all text-brand-700 hover:underline">{item.id}</Link> : <code key="i" className="font-mono text-xs break-all">{item.id}</code>) : '—'],
  ];
  if (e.dataroom_id) rows.push(['Data room', <span key="r">{roomName ?? ''} <code className="font-mono text-xs break-all text-zinc-500">{e.dataroom_id}</code></span>]);
  rows.push(['IP address', e.request?.ip_address ?? '—'], ['User agent', <span key="ua" className="break-all">{e.request?.user_agent ?? '—'}</span>]);
  return (
    <div className="space-y-4 border-t border-zinc-100 bg-zinc-50/60 px-4 py-4 sm:pl-11">
      {e.data.changes && Object.keys(e.data.changes).length > 0 && (
        <div>
          <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase">What changed</h3>
          <ChangesTable changes={e.data.changes} />
        </div>
      )}
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[8rem_1fr]">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-zinc-500">{k}</dt>
            <dd className="mb-1 min-w-0 text-zinc-800 sm:mb-0">{v}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function EventRow({ e, open, onToggle, roomName }: { e: LogEvent; open: boolean; onToggle: () => void; roomName?: string | null }) {
  const panel = useId();
  const badge = ACTOR_BADGES[e.actor.type];
  const secondary = actorSecondary(e.actor);
  const label = actorLabel(e.actor);
  const unverified = unverifiedEmail(e.actor);
  const ua = e.request?.user_agent;
  return (
    <li data-testid="event-row" data-type={e.type}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panel}
        onClick={onToggle}
        className="flex w-full items-start gap-2 px-4 py-3 text-left hover:bg-zinc-50 focus-visible:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset"
      >
        <ChevronRight className={cn('mt-0.5 h-4 w-4 shrink-0 text-zinc-400 transition-transform', open && 'rotate-90')} aria-hidden />
        <span className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-start sm:gap-4">
          <span className="min-w-0 flex-1">
            <span className="block text-sm text-zinc-700">
              <span className="font-medium text-zinc-900">{label}</span>{' '}
              {unverified && label === e.actor.email && (
                <>
                  <UnverifiedMark />{' '}
                </>
              )}
              {badge && (
                <>
                  <Badge className="align-middle" tone={e.actor.type === 'visitor' ? 'amber' : 'brand'}>
                    {badge}
                  </Badge>{' '}
                </>
              )}
              {eventPhrase(e.type, e.data.changes)} <Item e={e} />
              {roomName && <span className="text-zinc-500"> in {roomName}</span>}
            </span>
            <span className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-zinc-500">
              <code className="font-mono text-zinc-500">{e.type}</code>
              {secondary && (
                <span className="break-all">
                  {secondary}
                  {unverified && <UnverifiedMark className="ml-1" />}
                </span>
              )}
            </span>
          </span>
          <span className="shrink-0 text-xs text-zinc-500 sm:w-64 sm:text-right">
            <span className="block text-zinc-700" title={e.created}>{formatExactTime(e.created)}</span>
            <span className="block">
              <RelativeTime iso={e.created} />
              {e.request?.ip_address && <> · {e.request.ip_address}</>}
            </span>
            {ua && (
              <span className="block truncate" title={ua}>
                {describeAgent(ua)}
              </span>
            )}
          </span>
        </span>
      </button>
      <div id={panel} role="region" aria-label={`Details of ${e.type}`} hidden={!open}>
        {open && <Details e={e} roomName={roomName} />}
      </div>
    </li>
  );
}
