'use client';
// The Branding tab of a link's or preset's settings: the brand, the welcome message, the banner.
import { useQuery } from '@tanstack/react-query';
import { Field, Select, Textarea } from '@/components/ui/input';
import { useTRPC } from '@/lib/trpc/react';
import { CheckRow, ErrorText } from './controls';
import type { PanelProps } from './settings-tabs';

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

