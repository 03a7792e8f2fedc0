'use client';
// How a room's folders and documents are laid out.
import { Card, CardHeader } from '@/components/ui/card';
import { Choice, Toggle } from '../fields';
import type { SectionProps } from './props';

export function RoomLayoutSection({ form, set, lock }: SectionProps) {
  return (
    <Card>
      <CardHeader title="Data room layout" description="How a room’s folders and documents are laid out for visitors." />
      <div className="grid gap-5 p-5 sm:grid-cols-2 xl:grid-cols-1 2xl:grid-cols-2">
        <Choice
          label="Header"
          value={form.viewer_header_style}
          lockedBy={lock('viewer_header_style')}
          onChange={(v) => set('viewer_header_style', v)}
          options={[
            { value: 'solid', label: 'Solid' },
            { value: 'light', label: 'Light' },
            { value: 'minimal', label: 'Minimal' },
          ]}
        />
        <Choice
          label="Layout"
          value={form.viewer_layout_preset}
          lockedBy={lock('viewer_layout_preset')}
          onChange={(v) => set('viewer_layout_preset', v)}
          options={[
            { value: 'standard', label: 'Standard' },
            { value: 'compact', label: 'Compact' },
            { value: 'sidebar', label: 'Sidebar' },
          ]}
        />
        <Choice
          label="Documents as"
          value={form.card_layout}
          lockedBy={lock('card_layout')}
          onChange={(v) => set('card_layout', v)}
          options={[
            { value: 'grid', label: 'Grid' },
            { value: 'list', label: 'List' },
          ]}
        />
        <div className="col-span-full space-y-3">
          <Toggle label="Show the folder tree" checked={form.show_folder_tree} lockedBy={lock('show_folder_tree')} onChange={(v) => set('show_folder_tree', v)} />
          <Toggle
            label="Hide folder icons in the document area"
            checked={form.hide_folder_icons_in_main}
            lockedBy={lock('hide_folder_icons_in_main')}
            onChange={(v) => set('hide_folder_icons_in_main', v)}
          />
        </div>
      </div>
    </Card>
  );
}
