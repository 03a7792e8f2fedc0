'use client';
// Logo and banner.
import { Card, CardHeader } from '@/components/ui/card';
import { ImageField, Toggle } from '../fields';
import { normalizeColor, SERVICE_IMAGES, serviceBanner } from '../model';
import { SERVICE_COLOR } from '@/lib/shared/branding-fields';
import type { SectionProps } from './props';

export function LogoBannerSection({ form, set, lock, imgErr, readOnly }: SectionProps) {
  return (
    <Card>
      <CardHeader title="Logo and banner" description="Shown at the top of every page a visitor opens." />
      <div className="space-y-5 p-5">
        <ImageField
          slot="logo"
          label="Logo"
          state={form.logo}
          onChange={(s) => set('logo', s)}
          fallback={{ src: SERVICE_IMAGES.logo, label: 'Quire’s logo' }}
          error={imgErr('logo')}
          lockedBy={lock('logo')}
          disabled={readOnly}
        />
        <Toggle label="Hide the logo" description="Visitors see no logo at all, not even Quire’s." checked={form.hide_logo} lockedBy={lock('hide_logo')} onChange={(v) => set('hide_logo', v)} />
        <ImageField
          slot="banner"
          label="Banner"
          state={form.banner}
          onChange={(s) => set('banner', s)}
          fallback={{ src: serviceBanner(normalizeColor(form.brand_color) ?? SERVICE_COLOR), label: 'Quire’s banner in the brand colour' }}
          error={imgErr('banner')}
          lockedBy={lock('banner')}
          disabled={readOnly || form.banner_hidden}
          note="A wide image works best (1600×400 or so)."
        />
        <Toggle
          label="Hide the banner"
          description={form.banner.kind === 'saved' && form.banner_hidden ? 'Saving removes the uploaded banner.' : 'Visitors see no banner at all.'}
          checked={form.banner_hidden}
          lockedBy={lock('banner')}
          onChange={(v) => set('banner_hidden', v)}
        />
      </div>
    </Card>
  );
}
