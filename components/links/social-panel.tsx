'use client';
// The Social card tab: how the link looks when pasted in a chat, with a live preview.
import { Image as ImageIcon } from 'lucide-react';
import { useIdentity } from '@/components/shell/team-context';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { CheckRow, ErrorText } from './controls';
import { type Draft } from './draft';
import type { PanelProps } from './settings-tabs';

export function SocialPanel({ draft, set, errors }: Omit<PanelProps, 'kind'> & { setDraft: (fn: (d: Draft) => Draft) => void }) {
  const image = draft.meta_image.mode === 'set' ? draft.meta_image.value.trim() : draft.meta_image.mode === 'keep' ? (draft.meta_image.keptUrl ?? '') : '';
  return (
    <div className="space-y-4">
      <CheckRow
        label="Custom social card"
        description="The title, description and image chats and social networks show when the link is pasted. Otherwise the brand’s card is used."
        checked={draft.enable_custom_meta}
        onChange={(v) => set('enable_custom_meta', v)}
      />
      <div className={cn('grid gap-5 md:grid-cols-[minmax(0,1fr)_15rem]', !draft.enable_custom_meta && 'opacity-60')}>
        <div className="min-w-0 space-y-3">
          <Field label="Title" error={errors.meta_title}>
            {(p) => <Input {...p} maxLength={120} value={draft.meta_title} disabled={!draft.enable_custom_meta} onChange={(e) => set('meta_title', e.target.value)} placeholder="Project Falcon — data room" />}
          </Field>
          <Field label="Description" error={errors.meta_description}>
            {(p) => (
              <Textarea
                {...p}
                rows={2}
                maxLength={300}
                invalid={p.invalid}
                disabled={!draft.enable_custom_meta}
                value={draft.meta_description}
                onChange={(e) => set('meta_description', e.target.value)}
                placeholder="Everything you need for due diligence."
              />
            )}
          </Field>
          {draft.meta_image.mode === 'keep' ? (
            <div>
              <p className="mb-1.5 text-sm font-medium text-zinc-800">Image</p>
              <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-600">
                <span>Image set{draft.meta_image.source ? ` by ${draft.meta_image.source}` : ''}.</span>
                <Button variant="secondary" size="sm" disabled={!draft.enable_custom_meta} onClick={() => set('meta_image', { mode: 'set', value: '' })}>
                  Replace
                </Button>
                <Button variant="ghost" size="sm" disabled={!draft.enable_custom_meta} onClick={() => set('meta_image', { mode: 'none', value: '' })}>
                  Remove
                </Button>
              </div>
              <ErrorText>{errors.meta_image}</ErrorText>
            </div>
          ) : (
            <Field label="Image address" hint="A PNG, JPEG or WebP at a public https address, about 1200×630. Quire keeps a copy." error={errors.meta_image}>
              {(p) => (
                <Input
                  {...p}
                  type="url"
                  inputMode="url"
                  disabled={!draft.enable_custom_meta}
                  value={draft.meta_image.value}
                  onChange={(e) => set('meta_image', { mode: e.target.value.trim() ? 'set' : 'none', value: e.target.value })}
                  placeholder="https://example.com/card.png"
                />
              )}
            </Field>
          )}
        </div>
        <SocialPreview title={draft.meta_title.trim()} description={draft.meta_description.trim()} image={image} />
      </div>
    </div>
  );
}

function SocialPreview({ title, description, image }: { title: string; description: string; image: string }) {
  // The host links are made on (APP_URL), as the chat shows it.
  const host = new URL(useIdentity().appUrl).host;
  // Only Quire's own copy (after saving): the page's policy loads no image from elsewhere.
  const shown = typeof window !== 'undefined' && image.startsWith(`${window.location.origin}/images/`);
  return (
    <figure>
      <div className="overflow-hidden rounded-lg bg-white ring-1 ring-zinc-200" data-testid="social-preview">
        <div className="flex aspect-[1200/630] items-center justify-center bg-zinc-100 text-zinc-400">
          {shown ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={image} alt="" className="h-full w-full object-cover" />
          ) : (
            <span className="flex flex-col items-center gap-1 text-xs">
              <ImageIcon className="h-6 w-6" aria-hidden />
              {/^https:\/\//i.test(image) ? 'The image is shown once saved' : null}
            </span>
          )}
        </div>
        <div className="space-y-0.5 border-t border-zinc-100 px-3 py-2">
          <p className="truncate text-[11px] text-zinc-500 uppercase">{host}</p>
          <p className="truncate text-sm font-semibold text-zinc-900">{title || 'Link title'}</p>
          <p className="line-clamp-2 text-xs text-zinc-600">{description || 'The description appears here.'}</p>
        </div>
      </div>
      <figcaption className="mt-2 text-center text-xs text-zinc-500">How the link looks in a chat</figcaption>
    </figure>
  );
}
