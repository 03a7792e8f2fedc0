'use client';
// Create or edit an agreement: name, the terms (markdown, a web page or one of the team's
// documents) and whether visitors type their full name, with the visitor's step previewed
// beside the form as it is typed. Changing the terms makes a new version: visitors who accepted
// the old one are asked again, which the form says before saving.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field, Input, Select, Textarea } from '@/components/ui/input';
import { Tab } from '@/components/ui/tab';
import { useToast } from '@/components/ui/toast';
import { AGREEMENT_CONTENT_TYPES, AGREEMENT_TEXT_MAX } from '@/lib/shared/agreements';
import { errorMessage, fieldErrors, sentence } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { AgreementPreview } from './agreement-preview';
import { agreementBody, checkAgreementDraft, CONTENT_LABEL, draftFromAgreement, emptyAgreementDraft, type AgreementDraft, type AgreementErrors, type AgreementItem } from './model';

export function AgreementDialog({ open, onOpenChange, agreement, onSaved }: { open: boolean; onOpenChange: (o: boolean) => void; agreement: AgreementItem | null; onSaved?: (a: AgreementItem) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <AgreementForm agreement={agreement} onClose={() => onOpenChange(false)} onSaved={onSaved} />}
    </Dialog>
  );
}

function AgreementForm({ agreement, onClose, onSaved }: { agreement: AgreementItem | null; onClose: () => void; onSaved?: (a: AgreementItem) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const [draft, setDraftState] = useState<AgreementDraft>(() => (agreement ? draftFromAgreement(agreement) : emptyAgreementDraft()));
  const [clientErrors, setClientErrors] = useState<AgreementErrors>({});
  const documents = useQuery({ ...trpc.documents.list.queryOptions({ limit: 100 }), enabled: draft.content_type === 'document' });
  const docs = documents.data?.data ?? [];
  const picked = docs.find((d) => d.id === draft.document_id) ?? null;
  const done = async (a: AgreementItem) => {
    await queryClient.invalidateQueries(trpc.agreements.pathFilter());
    notify(agreement ? `Agreement “${a.name}” saved.` : `Agreement “${a.name}” created.`);
    onSaved?.(a);
    onClose();
  };
  const create = useMutation(trpc.agreements.create.mutationOptions({ onSuccess: done }));
  const update = useMutation(trpc.agreements.update.mutationOptions({ onSuccess: done }));
  const mutation = agreement ? update : create;
  const serverErrors = useMemo(() => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(fieldErrors(mutation.error))) out[k] = sentence(v);
    return out;
  }, [mutation.error]);
  const errors: Record<string, string | undefined> = { ...serverErrors, ...clientErrors };
  const general = mutation.error && !Object.keys(serverErrors).some((k) => ['name', 'text', 'url', 'document_id', 'content_type'].includes(k)) ? errorMessage(mutation.error) : null;
  const set = <K extends keyof AgreementDraft>(k: K, v: AgreementDraft[K]) => {
    setDraftState((d) => ({ ...d, [k]: v }));
    if (Object.keys(clientErrors).length) setClientErrors({});
  };
  const termsChanged =
    !!agreement && (agreement.content_type !== draft.content_type || (agreement.text ?? '') !== (draft.content_type === 'text' ? draft.text : '') || (agreement.url ?? '') !== (draft.content_type === 'url' ? draft.url.trim() : '') || (agreement.document_id ?? '') !== (draft.content_type === 'document' ? draft.document_id : ''));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkAgreementDraft(draft);
    setClientErrors(found);
    if (Object.keys(found).length) return;
    const body = agreementBody(draft);
    if (agreement) update.mutate({ id: agreement.id, ...body });
    else create.mutate(body);
  };

  return (
    <DialogContent
      title={agreement ? `Edit “${agreement.name}”` : 'New agreement'}
      description="Terms visitors accept after giving their email and before the document opens."
      className="sm:max-w-5xl"
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <form onSubmit={submit} noValidate className="min-w-0 space-y-4" data-testid="agreement-form">
          <Field label="Name" hint="Visitors see it above the terms." error={errors.name}>
            {(p) => <Input {...p} autoFocus maxLength={255} value={draft.name} onChange={(e) => set('name', e.target.value)} placeholder="e.g. Mutual NDA" />}
          </Field>
          <div>
            <p className="mb-1.5 text-sm font-medium text-zinc-800" id="terms-kind">
              Terms
            </p>
            <div role="tablist" aria-labelledby="terms-kind" className="mb-3 flex gap-1 overflow-x-auto border-b border-zinc-200">
              {AGREEMENT_CONTENT_TYPES.map((c) => (
                <Tab key={c} selected={draft.content_type === c} onClick={() => set('content_type', c)} className="px-2.5 pb-2" data-testid={`agreement-kind-${c}`}>
                  {CONTENT_LABEL[c]}
                </Tab>
              ))}
            </div>
            {draft.content_type === 'text' && (
              <Field label={<span className="sr-only">Terms (markdown)</span>} hint={`Markdown: # headings, **bold**, lists and links. No HTML. ${draft.text.length.toLocaleString('en')} / ${AGREEMENT_TEXT_MAX.toLocaleString('en')}`} error={errors.text}>
                {(p) => (
                  <Textarea
                    {...p}
                    rows={12}
                    value={draft.text}
                    onChange={(e) => set('text', e.target.value)}
                    placeholder={'# Mutual NDA\n\nThe recipient keeps everything shared through this link **confidential**.'}
                    className="font-mono text-[13px]"
                    data-testid="agreement-text"
                  />
                )}
              </Field>
            )}
            {draft.content_type === 'url' && (
              <Field label={<span className="sr-only">Address of the terms</span>} hint="Visitors open it in a new tab before they agree." error={errors.url}>
                {(p) => <Input {...p} type="url" inputMode="url" value={draft.url} onChange={(e) => set('url', e.target.value)} placeholder="https://example.com/legal/nda" />}
              </Field>
            )}
            {draft.content_type === 'document' && (
              <Field label={<span className="sr-only">Document with the terms</span>} hint="Visitors scroll through its pages before they agree." error={errors.document_id}>
                {(p) => (
                  <Select {...p} value={draft.document_id} onChange={(e) => set('document_id', e.target.value)} disabled={documents.isPending}>
                    <option value="">{documents.isPending ? 'Loading documents…' : docs.length ? 'Pick a document' : 'No documents yet: upload one first'}</option>
                    {docs.map((d) => (
                      <option key={d.id} value={d.id}>
                        {d.name}
                      </option>
                    ))}
                    {draft.document_id && !picked && !documents.isPending && <option value={draft.document_id}>The current document</option>}
                  </Select>
                )}
              </Field>
            )}
          </div>
          <label className="flex items-start gap-2 text-sm text-zinc-700">
            <input type="checkbox" className="mt-0.5 h-4 w-4 rounded border-zinc-300 text-brand-600" checked={draft.require_name} onChange={(e) => set('require_name', e.target.checked)} />
            <span>
              Visitors type their full name to accept
              <span className="block text-xs text-zinc-500">It is kept with the acceptance and printed on its receipt.</span>
            </span>
          </label>
          {termsChanged && (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 ring-1 ring-amber-200" data-testid="agreement-new-version">
              Changed terms are a new version: visitors who accepted the current one are asked again.
            </p>
          )}
          {general && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {general}
            </p>
          )}
          <DialogFooter>
            <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {agreement ? 'Save agreement' : 'Create agreement'}
            </Button>
          </DialogFooter>
        </form>
        <AgreementPreview draft={draft} document={picked} />
      </div>
    </DialogContent>
  );
}
