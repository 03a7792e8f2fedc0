// The agreement form's draft and what it sends, shared by the editor and its preview.
import { AGREEMENT_TEXT_MAX, type AgreementContentType } from '@/lib/shared/agreements';
import type { RouterOutputs } from '@/lib/trpc/types';

export type AgreementItem = RouterOutputs['agreements']['get'];
export type AcceptanceItem = RouterOutputs['agreements']['acceptances']['data'][number];

export type AgreementDraft = { name: string; content_type: AgreementContentType; text: string; url: string; document_id: string; require_name: boolean };

export const emptyAgreementDraft = (): AgreementDraft => ({ name: '', content_type: 'text', text: '', url: '', document_id: '', require_name: false });

export const draftFromAgreement = (a: AgreementItem): AgreementDraft => ({
  name: a.name,
  content_type: a.content_type,
  text: a.text ?? '',
  url: a.url ?? '',
  document_id: a.document_id ?? '',
  require_name: a.require_name,
});

export type AgreementErrors = Partial<Record<'name' | 'text' | 'url' | 'document_id', string>>;

/** What the browser can tell before the server does (the server says the rest in the same words). */
export function checkAgreementDraft(d: AgreementDraft): AgreementErrors {
  const e: AgreementErrors = {};
  if (!d.name.trim()) e.name = 'Give the agreement a name.';
  if (d.content_type === 'text') {
    if (!d.text.trim()) e.text = 'Write the terms.';
    else if (d.text.length > AGREEMENT_TEXT_MAX) e.text = `At most ${AGREEMENT_TEXT_MAX.toLocaleString('en')} characters.`;
  }
  if (d.content_type === 'url' && !/^https:\/\/[^\s/]+\.[^\s]+$/i.test(d.url.trim())) e.url = 'An https:// address.';
  if (d.content_type === 'document' && !d.document_id) e.document_id = 'Pick a document.';
  return e;
}

/** The body for create or update: only the field the content type names. */
export function agreementBody(d: AgreementDraft) {
  return {
    name: d.name.trim(),
    content_type: d.content_type,
    text: d.content_type === 'text' ? d.text : null,
    url: d.content_type === 'url' ? d.url.trim() : null,
    document_id: d.content_type === 'document' ? d.document_id : null,
    require_name: d.require_name,
  };
}

export const CONTENT_LABEL: Record<AgreementContentType, string> = { text: 'Written terms', url: 'Web page', document: 'Document' };
