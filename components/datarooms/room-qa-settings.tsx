'use client';
// A room's Q&A settings: whether visitors with a verified email may ask questions, and how many
// each may ask in any 24 hours (DESIGN.md "Room Q&A").
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { useRefreshRooms, type Room } from './hooks';

const fromRoom = (r: Room) => ({ enabled: r.qa_enabled, limit: String(r.qa_limit_per_visitor_per_day) });

export function RoomQaSettings({ room }: { room: Room }) {
  const trpc = useTRPC();
  const notify = useToast();
  const refresh = useRefreshRooms();
  const [form, setForm] = useState(() => fromRoom(room));
  useEffect(() => setForm(fromRoom(room)), [room]);
  const update = useMutation(trpc.datarooms.update.mutationOptions({ onSuccess: async () => (await refresh(), notify('Q&A settings saved.')) }));
  const limit = Number(form.limit);
  const limitOk = /^\d{1,4}$/.test(form.limit) && limit >= 1 && limit <= 1000;
  const dirty = JSON.stringify(form) !== JSON.stringify(fromRoom(room));

  return (
    <Card>
      <CardHeader title="Questions and answers" description="Visitors who verified their email ask about the room, a document or a page; you answer privately or into the room’s FAQ." />
      <form
        className="grid gap-4 p-5 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (limitOk) update.mutate({ id: room.id, qa_enabled: form.enabled, qa_limit_per_visitor_per_day: limit });
        }}
      >
        <label className="flex items-start gap-2 self-end pb-2 text-sm text-zinc-700">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 rounded border-zinc-300 text-brand-600"
            checked={form.enabled}
            onChange={(e) => setForm((f) => ({ ...f, enabled: e.target.checked }))}
            data-testid="qa-enabled"
          />
          <span>Let visitors ask questions</span>
        </label>
        <Field label="Questions per visitor a day" hint="1 to 1,000, counted over the last 24 hours." error={limitOk ? undefined : 'Enter a number from 1 to 1,000.'}>
          {(p) => <Input {...p} inputMode="numeric" value={form.limit} disabled={!form.enabled} onChange={(e) => setForm((f) => ({ ...f, limit: e.target.value.trim() }))} />}
        </Field>
        {update.error && <p className="text-sm text-red-600 sm:col-span-2">{errorMessage(update.error)}</p>}
        <div className="sm:col-span-2">
          <Button type="submit" loading={update.isPending} disabled={!dirty || !limitOk}>
            Save Q&amp;A settings
          </Button>
        </div>
      </form>
    </Card>
  );
}
