'use client';
// Settings → Webhooks: the team's endpoints (URL, events, state, created) with their actions, and
// adding one within the plan's allowance. Each endpoint's page holds its delivery log.
import { useQuery } from '@tanstack/react-query';
import { BookOpen, Plus, Webhook } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { SelfHostNote } from '@/components/branding/plan-notes';
import { useIdentity } from '@/components/shell/team-context';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, PageHeader } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { RelativeTime } from '@/components/ui/time';
import { PLAN_LABELS } from '@/lib/format';
import { PLANS } from '@/lib/shared/plans';
import { WEBHOOK_ENDPOINT_CAPS } from '@/lib/shared/webhooks';
import { useTRPC } from '@/lib/trpc/react';
import { EndpointStatus, EventsSummary } from './badges';
import { EndpointActions } from './endpoint-actions';
import { EndpointDialog } from './endpoint-dialog';
import type { Endpoint } from './model';

export function WebhooksSettings() {
  const trpc = useTRPC();
  const { team } = useIdentity();
  const [adding, setAdding] = useState(false);
  const endpoints = useQuery({ ...trpc.webhooks.list.queryOptions({}), staleTime: 0 });
  const list = endpoints.data?.data;
  const cap = WEBHOOK_ENDPOINT_CAPS[team.plan];
  const used = list?.length ?? 0;
  const lift = PLANS.filter((p) => WEBHOOK_ENDPOINT_CAPS[p] > Math.max(cap, used));
  const full = used >= cap;
  const plan = PLAN_LABELS[team.plan] ?? team.plan;
  const capNote = `The ${plan} plan includes ${cap} webhook ${cap === 1 ? 'endpoint' : 'endpoints'}, and the team has ${used}.`;

  const addButton = (
    <Button onClick={() => setAdding(true)} disabled={full} aria-describedby={full && cap > 0 ? 'webhook-cap-note' : undefined}>
      <Plus className="h-4 w-4" aria-hidden />
      Add endpoint
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Webhooks"
        description={
          <>
            Quire POSTs <strong className="font-medium text-zinc-800">{team.name}</strong>’s events to your endpoints as signed{' '}
            <a href="https://www.standardwebhooks.com" target="_blank" rel="noreferrer" className="text-brand-700 hover:underline">
              Standard Webhooks
            </a>
            , retrying failed deliveries for about a day.
          </>
        }
        actions={
          <>
            <a href="/docs/api#tag-webhooks" target="_blank" rel="noreferrer" className={buttonClass('secondary')}>
              <BookOpen className="h-4 w-4" aria-hidden />
              Webhooks API
            </a>
            {cap > 0 && addButton}
          </>
        }
      />
      {cap === 0 && !list?.length ? (
        <Card>
          <EmptyState icon={Webhook} title="Webhooks need the Pro plan or higher">
            <p>
              The {plan} plan includes no webhook endpoints. Pro includes one; Business, Data Rooms and Data Rooms Plus include more. Ask your account
              manager to change the plan.
            </p>
            <SelfHostNote plans={lift} className="mt-4 text-xs text-zinc-500" />
          </EmptyState>
        </Card>
      ) : (
        <>
          {full && used > 0 && (
            <div id="webhook-cap-note" className="mb-4 space-y-1 rounded-lg bg-zinc-100 px-3 py-2 text-sm text-zinc-600" data-testid="webhook-cap-note">
              <p>
                {capNote} Delete one to add another{lift.length ? ', or move to a larger plan' : ''}.
              </p>
              {lift.length > 0 && <SelfHostNote plans={lift} />}
            </div>
          )}
          <Card>
            <DataTable
              label="Webhook endpoints"
              rows={list}
              rowKey={(e) => e.id}
              rowTestId="webhook-row"
              minWidth={760}
              pending={endpoints.isPending}
              error={endpoints.error}
              onRetry={() => endpoints.refetch()}
              errorTitle="Webhook endpoints could not be loaded"
              empty={
                <EmptyState icon={Webhook} title="No webhook endpoints yet" action={cap > 0 ? addButton : null}>
                  Add an endpoint to have Quire tell your systems when documents, rooms, links or views change, within seconds.
                </EmptyState>
              }
              columns={[
                {
                  key: 'url',
                  header: 'Endpoint',
                  cell: (e: Endpoint) => (
                    <div className="max-w-72 min-w-40">
                      <Link
                        href={`/settings/webhooks/${e.id}`}
                        className="block truncate font-medium text-zinc-900 hover:text-brand-700 hover:underline"
                        title={e.url}
                      >
                        {e.url}
                      </Link>
                      {e.description && <div className="truncate text-xs text-zinc-500">{e.description}</div>}
                    </div>
                  ),
                },
                { key: 'status', header: 'Status', cell: (e: Endpoint) => <EndpointStatus endpoint={e} /> },
                { key: 'events', header: 'Events', cell: (e: Endpoint) => <EventsSummary events={e.events} /> },
                { key: 'created', header: 'Created', className: 'whitespace-nowrap text-zinc-600', cell: (e: Endpoint) => <RelativeTime iso={e.created} /> },
                {
                  key: 'actions',
                  header: 'Actions',
                  hiddenHeader: true,
                  className: 'text-right',
                  cell: (e: Endpoint) => <EndpointActions endpoint={e} withLogLink />,
                },
              ]}
            />
          </Card>
        </>
      )}
      {adding && <EndpointDialog onClose={() => setAdding(false)} />}
    </>
  );
}
