'use client';
// The Branding tab of a link's or preset's settings: the brand, the welcome message, the banner.
import { useQuery } from '@tanstack/react-query';
import { Field, Select, Textarea } from '@/components/ui/input';
import { useTRPC } from '@/lib/trpc/react';
import { CheckRow, ErrorText } from './controls';
import type { PanelProps } from './settings-tabs';

/** The custom domain the link is shared on: the team's verified domains (Settings → Domains). */
function DomainField({ draft, set, error, kind }: Pick<PanelProps, 'draft' | 'set' | 'kind'> & { error?: string }) {
  const trpc = useTRPC();
  const domains = useQuery(trpc.domains.list.queryOptions({}));
  const verified = (domains.data?.data ?? []).filter((d) => d.status === 'verified');
  const current = (domains.data?.data ?? []).find((d) => d.id === draft.domain_id);
  if (!domains.isPending && !verified.length && !draft.domain_id) return null;
  return (
    <Field
      label="Domain"
      error={error}
      hint={
        current && current.status !== 'verified'
          ? `${current.name} is not verified: the ${kind} is shared on the app’s address until it is.`
          : 'Where visitors open the link. Add domains in Settings → Domains.'
      }
    >
      {(p) => (
        <Select {...p} value={draft.domain_id} onChange={(e) => set('domain_id', e.target.value)} disabled={domains.isPending} data-testid="link-domain-select">
          <option value="">The app’s address</option>
          {verified.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
          {current && current.status !== 'verified' && <option value={current.id}>{current.name} (not verified)</option>}
        </Select>
      )}
    </Field>
  );
}

export function BrandingPanel({ kind, draft, set, errors }: PanelProps) {
  const trpc = useTRPC();
  const brands = useQuery({ ...trpc.brands.list.queryOptions({}), enabled: kind === 'link' });
  const list = brands.data?.data ?? [];
  const fallback = list.find((b) => b.is_default);
  return (
    <div className="space-y-4">
      {kind === 'link' && (
        <Field
          label="Brand"
          error={errors.brand_id}
          hint={
            brands.isError
              ? 'Brands could not be loaded; the link keeps its brand.'
              : draft.brand_id
                ? 'Pinned: visitors see this brand wherever the link points.'
                : 'Room links use the room’s branding; others the team’s default brand.'
          }
        >
          {(p) => (
            <Select {...p} value={draft.brand_id} onChange={(e) => set('brand_id', e.target.value)} disabled={brands.isPending}>
              <option value="">{fallback ? `Automatic (${fallback.name} by default)` : 'Automatic'}</option>
              {list.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                  {b.is_default ? ' (team default)' : ''}
                </option>
              ))}
              {draft.brand_id && !list.some((b) => b.id === draft.brand_id) && !brands.isPending && <option value={draft.brand_id}>Unknown brand</option>}
            </Select>
          )}
        </Field>
      )}
      <DomainField draft={draft} set={set} error={errors.domain_id} kind={kind} />
      <Field label="Welcome message" hint="Shown above the document or room. Replaces the brand’s own welcome message." error={errors.welcome_message}>
        {(p) => (
          <Textarea
            {...p}
            rows={3}
            maxLength={1000}
            invalid={p.invalid}
            value={draft.welcome_message}
            onChange={(e) => set('welcome_message', e.target.value)}
            placeholder="Welcome! Here is everything for our first meeting."
          />
        )}
      </Field>
      <CheckRow label="Show the banner" description="The brand’s banner image across the top of the viewer." checked={draft.show_banner} onChange={(v) => set('show_banner', v)} />
      <ErrorText>{errors.show_banner}</ErrorText>
    </div>
  );
}

