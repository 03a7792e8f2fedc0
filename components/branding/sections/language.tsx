'use client';
// The language of the viewer's own words.
import { Card, CardHeader } from '@/components/ui/card';
import { Select } from '@/components/ui/input';
import { LANGUAGES } from '@/lib/shared/branding-fields';
import { Setting } from '../fields';
import type { Form } from '../model';
import type { SectionProps } from './props';

const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
  ja: '日本語',
};

export function LanguageSection({ form, set, lock, readOnly }: SectionProps) {
  return (
    <Card>
      <CardHeader title="Viewer language" description="The language of the viewer’s own buttons and messages." />
      <div className="p-5">
        <Setting label="Language" lockedBy={lock('default_language')} hint={lock('default_language') ? 'English is included in every plan.' : null}>
          {(p) => (
            <Select
              id={p.id}
              aria-describedby={p['aria-describedby']}
              // Going back to English is never gated, so a language set on an earlier plan can be reset.
              disabled={readOnly || (!!lock('default_language') && form.default_language === 'en')}
              className="max-w-60"
              value={form.default_language}
              onChange={(e) => set('default_language', e.target.value as Form['default_language'])}
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l} disabled={!!lock('default_language') && l !== 'en' && l !== form.default_language}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </Select>
          )}
        </Setting>
      </div>
    </Card>
  );
}
