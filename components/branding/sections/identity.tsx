'use client';
// The brand's name and default flag (a brand only), and its colour.
import { Card, CardHeader } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SERVICE_COLOR } from '@/lib/shared/branding-fields';
import { Setting, Toggle } from '../fields';
import { normalizeColor } from '../model';
import type { EditorIdentity, SectionProps } from './props';

export function ColourSection({ form, set, lock, err, identity }: SectionProps & { identity?: EditorIdentity | null }) {
  const colour = normalizeColor(form.brand_color);
  return (
    <Card>
      <CardHeader title={identity ? 'Brand' : 'Colour'} description={identity ? 'The name only your team sees, and the colour visitors see.' : 'The colour of the header, buttons and highlights.'} />
      <div className="space-y-4 p-5">
        {identity && (
          <>
            <Setting label="Name" error={err('name')}>
              {(p) => <Input {...p} value={form.name} maxLength={255} placeholder="Acme Capital" onChange={(e) => set('name', e.target.value)} autoComplete="off" />}
            </Setting>
            <Toggle
              label="Default brand"
              description={
                identity.defaultLocked ??
                'Rooms that follow the team default, and links without a brand of their own, show the default brand.'
              }
              checked={form.is_default}
              disabled={!!identity.defaultLocked}
              onChange={(v) => set('is_default', v)}
            />
          </>
        )}
        <Setting label="Brand colour" error={err('brand_color')} lockedBy={lock('brand_color')} hint={form.brand_color.trim() ? null : `Empty: visitors see Quire’s neutral ${SERVICE_COLOR}.`}>
          {(p) => (
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label="Brand colour picker"
                disabled={p.disabled}
                value={colour ?? SERVICE_COLOR}
                onChange={(e) => set('brand_color', e.target.value)}
                className="h-9 w-12 shrink-0 cursor-pointer rounded-lg border-0 bg-white p-1 shadow-sm ring-1 ring-zinc-300 ring-inset disabled:cursor-not-allowed"
              />
              <Input {...p} className="max-w-40 font-mono" value={form.brand_color} maxLength={7} placeholder={SERVICE_COLOR} spellCheck={false} onChange={(e) => set('brand_color', e.target.value)} />
              {form.brand_color && !p.disabled && (
                <Button variant="ghost" size="sm" onClick={() => set('brand_color', '')}>
                  Reset
                </Button>
              )}
            </div>
          )}
        </Setting>
      </div>
    </Card>
  );
}
