'use client';
// The card chat and email apps show for a link, and the favicon.
import { Card, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { TEXT_LIMITS } from '@/lib/shared/branding-fields';
import { ImageField, Setting, Toggle } from '../fields';
import { SERVICE_IMAGES } from '../model';
import { TEXTAREA, type SectionProps } from './props';

export function LinkPreviewSection({ form, set, lock, err, imgErr, readOnly }: SectionProps) {
  return (
    <Card>
      <CardHeader title="Link preview" description="The card chat and email apps show when someone pastes a link." />
      <div className="space-y-4 p-5">
        <Toggle
          label="Custom link preview"
          description="Your own title, description and image instead of the room’s name."
          checked={form.custom_link_preview_enabled}
          lockedBy={lock('custom_link_preview_enabled')}
          onChange={(v) => set('custom_link_preview_enabled', v)}
        />
        <div className={cn('space-y-4', !form.custom_link_preview_enabled && !lock('custom_link_preview_enabled') && 'opacity-60')}>
          <Setting label="Title" error={err('link_preview_title')} lockedBy={lock('link_preview_title')}>
            {(p) => (
              <Input {...p} value={form.link_preview_title} maxLength={TEXT_LIMITS.link_preview_title} placeholder="Project Falcon: data room" onChange={(e) => set('link_preview_title', e.target.value)} />
            )}
          </Setting>
          <Setting label="Description" error={err('link_preview_description')} lockedBy={lock('link_preview_description')}>
            {({ invalid, ...p }) => (
              <textarea
                {...p}
                aria-invalid={invalid || undefined}
                rows={2}
                maxLength={TEXT_LIMITS.link_preview_description}
                value={form.link_preview_description}
                placeholder="Confidential documents for invited investors."
                onChange={(e) => set('link_preview_description', e.target.value)}
                className={TEXTAREA}
              />
            )}
          </Setting>
          <ImageField
            slot="link_preview_image"
            label="Preview image"
            state={form.link_preview_image}
            onChange={(s) => set('link_preview_image', s)}
            error={imgErr('link_preview_image')}
            lockedBy={lock('link_preview_image')}
            disabled={readOnly}
          />
        </div>
        <ImageField
          slot="link_preview_favicon"
          label="Favicon"
          state={form.link_preview_favicon}
          onChange={(s) => set('link_preview_favicon', s)}
          fallback={{ src: SERVICE_IMAGES.favicon, label: 'Quire’s icon' }}
          error={imgErr('link_preview_favicon')}
          lockedBy={lock('link_preview_favicon')}
          disabled={readOnly}
          note="Shown in the browser tab and beside the link’s card."
        />
      </div>
    </Card>
  );
}
