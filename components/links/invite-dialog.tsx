'use client';
// "Invite people": paste or upload addresses, write a message, see the mail as it will arrive,
// send, and see each address's status. POST /v1/links/{id}/invitations through tRPC; a group
// link adds the addresses to its group first.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field, Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { useIdentity } from '@/components/shell/team-context';

const EMAIL = /[^\s,;<>"'()]+@[^\s,;<>"'()]+\.[a-z]{2,}/gi;
const MAX = 500;

/** The distinct addresses in pasted text or an uploaded CSV, lower-cased, in order. */
export const addressesIn = (text: string) => [...new Set((text.match(EMAIL) ?? []).map((e) => e.toLowerCase()))];

export function InviteDialog({ open, onOpenChange, link }: { open: boolean; onOpenChange: (o: boolean) => void; link: { id: string; url: string; name: string | null; group_id: string | null } }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [message, setMessage] = useState('');
  const [preview, setPreview] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const { team: current } = useIdentity();
  const emails = addressesIn(text);
  const send = useMutation(
    trpc.links.invitations.create.mutationOptions({
      // A group link's addresses joined its group too.
      onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: trpc.links.invitations.list.queryKey() }), qc.invalidateQueries({ queryKey: trpc.datarooms.pathKey() })]),
    }),
  );
  const close = (o: boolean) => {
    onOpenChange(o);
    if (!o) {
      setText('');
      setMessage('');
      setPreview(false);
      send.reset();
    }
  };
  const team = current.name;
  const sent = send.data?.data;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Invite people"
        description={link.group_id ? 'Each address joins the link’s group, then gets the link by email.' : 'Each address gets the link by email, from your team.'}
        className="sm:max-w-xl"
      >
        {sent ? (
          <div data-testid="invite-results">
            <p className="mb-3 text-sm text-zinc-700">
              {sent.filter((i) => i.status === 'sent').length} of {sent.length} sent.
            </p>
            <ul className="max-h-72 divide-y divide-zinc-100 overflow-y-auto rounded-lg ring-1 ring-zinc-200">
              {sent.map((i) => (
                <li key={i.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                  <span className="min-w-0 truncate text-zinc-800">{i.email}</span>
                  {i.status === 'sent' ? <Badge tone="green">Sent</Badge> : <Badge tone="red">{i.error ?? 'Failed'}</Badge>}
                </li>
              ))}
            </ul>
            <DialogFooter>
              <Button onClick={() => close(false)}>Done</Button>
            </DialogFooter>
          </div>
        ) : preview ? (
          <div data-testid="invite-preview">
            <p className="mb-2 text-xs font-medium text-zinc-500">
              To {emails.length} {emails.length === 1 ? 'address' : 'addresses'} · from {team}
            </p>
            <div className="rounded-lg bg-zinc-50 p-5 ring-1 ring-zinc-200">
              <p className="mb-3 text-base font-semibold text-zinc-900">{team}</p>
              <p className="mb-3 text-sm text-zinc-700">
                {team} invited you to view {link.name ? `“${link.name}”` : 'a document'}.
              </p>
              {message.trim() && <p className="mb-3 border-l-2 border-brand-500 pl-3 text-sm whitespace-pre-wrap text-zinc-700">{message.trim()}</p>}
              <span className="inline-block rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white">Open</span>
              <p className="mt-3 truncate text-xs text-zinc-500">{link.url}</p>
            </div>
            {send.error && (
              <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
                {errorMessage(send.error)}
              </p>
            )}
            <DialogFooter>
              <Button variant="secondary" onClick={() => setPreview(false)}>
                Back
              </Button>
              <Button loading={send.isPending} onClick={() => send.mutate({ id: link.id, emails, message: message.trim() || null })}>
                Send {emails.length} {emails.length === 1 ? 'invitation' : 'invitations'}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (emails.length >= 1 && emails.length <= MAX) setPreview(true);
            }}
            className="space-y-4"
          >
            <Field
              label="Email addresses"
              hint={emails.length ? `${emails.length} ${emails.length === 1 ? 'address' : 'addresses'}${emails.length > MAX ? ` — at most ${MAX} at a time` : ''}` : 'Paste addresses separated by commas or new lines, or upload a CSV.'}
              error={emails.length > MAX ? `At most ${MAX} addresses at a time.` : null}
            >
              {(p) => <Textarea {...p} rows={5} autoFocus value={text} onChange={(e) => setText(e.target.value)} placeholder={'ada@fund.example, grace@fund.example'} />}
            </Field>
            <div>
              <input
                ref={file}
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                className="sr-only"
                aria-label="Upload addresses"
                onChange={async (e) => {
                  const f = e.target.files?.[0];
                  e.target.value = '';
                  if (!f) return;
                  const added = (await f.text()).slice(0, 200_000);
                  setText((t) => `${t}${t ? '\n' : ''}${added}`);
                }}
              />
              <Button type="button" variant="secondary" size="sm" onClick={() => file.current?.click()}>
                <Upload className="h-4 w-4" aria-hidden />
                Upload CSV
              </Button>
            </div>
            <Field label="Message (optional)" hint={`${message.length} / 2,000`} error={message.length > 2000 ? 'At most 2,000 characters.' : null}>
              {(p) => <Textarea {...p} rows={3} value={message} onChange={(e) => setMessage(e.target.value)} placeholder="Here is the room we discussed." />}
            </Field>
            <DialogFooter>
              <Button type="button" variant="secondary" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!emails.length || emails.length > MAX || message.length > 2000}>
                Preview
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
