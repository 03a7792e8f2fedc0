'use client';
// The welcome message and the call to action.
import { Card, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { TEXT_LIMITS } from '@/lib/shared/branding-fields';
import { Setting } from '../fields';
import { TEXTAREA, type SectionProps } from './props';

export function WelcomeSection({ form, set, lock, err }: SectionProps) {
  return (
    <Card>
      <CardHeader title="Welcome message and call to action" description="A few words above the documents, and a button in the header." />
      <div className="space-y-4 p-5">
        <Setting
          label="Welcome message"
          error={err('welcome_message')}
          lockedBy={lock('welcome_message')}
          hint={`${form.welcome_message.length} / ${TEXT_LIMITS.welcome_message}`}
        >
          {({ invalid, ...p }) => (
            <textarea
              {...p}
              aria-invalid={invalid || undefined}
              rows={3}
              maxLength={TEXT_LIMITS.welcome_message}
              value={form.welcome_message}
              placeholder="Welcome to the data room. Reach out with any questions."
              onChange={(e) => set('welcome_message', e.target.value)}
              className={TEXTAREA}
            />
          )}
        </Setting>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] xl:grid-cols-1 2xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <Setting label="Button label" error={err('cta_label')} lockedBy={lock('cta_label')}>
            {(p) => <Input {...p} value={form.cta_label} maxLength={TEXT_LIMITS.cta_label} placeholder="Book a call" onChange={(e) => set('cta_label', e.target.value)} />}
          </Setting>
          <Setting label="Button link" error={err('cta_url')} lockedBy={lock('cta_url')}>
            {(p) => <Input {...p} type="url" inputMode="url" value={form.cta_url} maxLength={2048} placeholder="https://example.com/contact" onChange={(e) => set('cta_url', e.target.value)} />}
          </Setting>
        </div>
      </div>
    </Card>
  );
}
