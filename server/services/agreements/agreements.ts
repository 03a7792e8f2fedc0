// Agreements (DESIGN.md "Agreements (NDA before access)"): terms a visitor accepts before a link
// opens. The content is markdown text, an https URL or one of the team's documents; `version` is
// a hash of that content, so changed terms are asked again. Deleting one a live link or a preset
// uses is 409.
import { createHash } from 'node:crypto';
import type { Actor } from '../../auth/actor';
import { changesBetween, emit } from '../events/emit';
import { db, type Tx } from '../../db/client';
import { conflict, invalid, notFound } from '../../errors';
import { newId } from '../../ids';
import { cursorInstant, decodeCursor, iso, page } from '../../schemas/common';
import { AGREEMENT_TEXT_MAX, type AgreementContentType } from '../../../lib/shared/agreements';

type AgreementRow = NonNullable<Awaited<ReturnType<typeof db.agreement.findFirst>>>;

export type AgreementInput = {
  name?: string;
  content_type?: AgreementContentType;
  text?: string | null;
  url?: string | null;
  document_id?: string | null;
  require_name?: boolean;
};

export function toAgreement(a: AgreementRow) {
  return {
    id: a.id,
    object: 'agreement' as const,
    name: a.name,
    content_type: a.contentType,
    text: a.text,
    url: a.url,
    document_id: a.documentId,
    require_name: a.requireName,
    version: a.version,
    created: iso(a.createdAt),
    updated_at: iso(a.updatedAt),
  };
}
export type ApiAgreement = ReturnType<typeof toAgreement>;

/** The version: a SHA-256 of the content type and the content (what the visitor agrees to). */
export function agreementVersion(c: { contentType: string; text: string | null; url: string | null; documentId: string | null }): string {
  const content = c.contentType === 'text' ? c.text : c.contentType === 'url' ? c.url : c.documentId;
  return createHash('sha256').update(`${c.contentType}\n${content ?? ''}`).digest('hex');
}

export async function findAgreement(tx: Tx, actor: Pick<Actor, 'teamId'>, id: string): Promise<AgreementRow> {
  const a = await tx.agreement.findFirst({ where: { id, teamId: actor.teamId } });
  if (!a) throw notFound('Agreement');
  return a;
}

/** A link's or preset's `agreement_id`: one of the team's agreements (404 otherwise); null clears. */
export async function checkAgreementId(tx: Tx, actor: Pick<Actor, 'teamId'>, id: string | null | undefined) {
  if (!id) return;
  await findAgreement(tx, actor, id);
}

/** Newest first (the team has few; one page of up to 500). */
export async function listAgreements(actor: Actor) {
  const rows = await db.agreement.findMany({ where: { teamId: actor.teamId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 500 });
  return { data: rows.map(toAgreement), next_cursor: null };
}

export async function getAgreement(actor: Actor, id: string) {
  return toAgreement(await findAgreement(db, actor, id));
}

/** The content columns after `input` over `current`: exactly the field its content_type names. */
async function content(tx: Tx, actor: Actor, input: AgreementInput, current: AgreementRow | null) {
  const contentType = input.content_type ?? current?.contentType;
  if (!contentType) throw invalid('content_type', 'is required: text, url or document');
  const pick = <K extends 'text' | 'url' | 'documentId'>(k: K, field: 'text' | 'url' | 'document_id') =>
    input[field] !== undefined ? (input[field] ?? null) : input.content_type && input.content_type !== current?.contentType ? null : (current?.[k] ?? null);
  const c = { contentType, text: pick('text', 'text'), url: pick('url', 'url'), documentId: pick('documentId', 'document_id') };
  const field = contentType === 'document' ? 'document_id' : contentType;
  const others = (['text', 'url', 'document_id'] as const).filter((f) => f !== field && input[f] !== undefined && input[f] !== null);
  if (others.length) throw invalid(others, `is not taken with content_type "${contentType}" (give ${field})`);
  if (contentType === 'text') {
    if (!c.text) throw invalid('text', `is required with content_type "text" (markdown, at most ${AGREEMENT_TEXT_MAX.toLocaleString('en')} characters)`);
    c.url = null;
    c.documentId = null;
  } else if (contentType === 'url') {
    if (!c.url) throw invalid('url', 'is required with content_type "url" (an https URL)');
    c.text = null;
    c.documentId = null;
  } else {
    if (!c.documentId) throw invalid('document_id', 'is required with content_type "document"');
    const doc = await tx.document.findFirst({ where: { id: c.documentId, teamId: actor.teamId }, select: { id: true } });
    if (!doc) throw notFound('Document');
    c.text = null;
    c.url = null;
  }
  return { ...c, version: agreementVersion(c) };
}

export async function createAgreement(actor: Actor, input: AgreementInput & { name: string; content_type: AgreementContentType }) {
  return db.$transaction(async (tx) => {
    const c = await content(tx, actor, input, null);
    const row = await tx.agreement.create({ data: { id: newId(), teamId: actor.teamId, name: input.name, requireName: input.require_name ?? false, ...c } });
    const object = toAgreement(row);
    await emit(tx, actor, { type: 'agreement.created', object });
    return object;
  });
}

export async function updateAgreement(actor: Actor, id: string, input: AgreementInput) {
  return db.$transaction(async (tx) => {
    const current = await findAgreement(tx, actor, id);
    const touched = input.content_type !== undefined || input.text !== undefined || input.url !== undefined || input.document_id !== undefined;
    const c = touched ? await content(tx, actor, input, current) : {};
    const row = await tx.agreement.update({ where: { id: current.id }, data: { name: input.name, requireName: input.require_name, ...c } });
    const before = toAgreement(current);
    const after = toAgreement(row);
    await emit(tx, actor, { type: 'agreement.updated', object: after, changes: changesBetween(before, after) });
    return after;
  });
}

export async function deleteAgreement(actor: Actor, id: string) {
  return db.$transaction(async (tx) => {
    const a = await findAgreement(tx, actor, id);
    const [links, presets] = await Promise.all([
      tx.link.count({ where: { agreementId: a.id, deletedAt: null } }),
      tx.linkPreset.count({ where: { agreementId: a.id } }),
    ]);
    if (links || presets) {
      const what = [links && `${links} live link${links === 1 ? '' : 's'}`, presets && `${presets} preset${presets === 1 ? '' : 's'}`].filter(Boolean).join(' and ');
      throw conflict(`The agreement is used by ${what}: clear their agreement first.`, { links, presets });
    }
    await tx.agreement.delete({ where: { id: a.id } });
    await emit(tx, actor, { type: 'agreement.deleted', object: { id: a.id, object: 'agreement', deleted: true } });
    return { id: a.id, object: 'agreement' as const, deleted: true as const };
  });
}

type AcceptanceRow = NonNullable<Awaited<ReturnType<typeof db.agreementAcceptance.findFirst>>>;

export function toAcceptance(r: AcceptanceRow) {
  return {
    id: r.id,
    object: 'agreement_acceptance' as const,
    agreement_id: r.agreementId,
    agreement_version: r.agreementVersion,
    link_id: r.linkId,
    view_id: r.viewId,
    visitor_id: r.visitorId,
    email: r.email,
    email_verified: r.emailVerified,
    name: r.name,
    ip_address: r.ipAddress,
    user_agent: r.userAgent,
    accepted_at: iso(r.acceptedAt),
  };
}

/** Newest first, keyset-paged like every list. */
export async function listAcceptances(actor: Actor, id: string, q: { limit: number; cursor?: string }) {
  const after = decodeCursor(q.cursor, 'number', 'string') as [number, string] | null;
  const a = await findAgreement(db, actor, id);
  const rows = await db.agreementAcceptance.findMany({
    where: {
      agreementId: a.id,
      teamId: actor.teamId,
      ...(after ? { OR: [{ acceptedAt: { lt: new Date(cursorInstant(after[0])) } }, { acceptedAt: new Date(after[0]), id: { lt: after[1] } }] } : {}),
    },
    orderBy: [{ acceptedAt: 'desc' }, { id: 'desc' }],
    take: q.limit + 1,
  });
  return page(rows, q.limit, toAcceptance, (r) => [r.acceptedAt.getTime(), r.id]);
}

/** Every acceptance of the agreement, newest first, as CSV rows (the dashboard's export). */
export async function acceptancesForExport(actor: Actor, id: string) {
  const a = await findAgreement(db, actor, id);
  const rows = await db.agreementAcceptance.findMany({ where: { agreementId: a.id, teamId: actor.teamId }, orderBy: [{ acceptedAt: 'desc' }, { id: 'desc' }], take: 100_000 });
  const header = ['accepted_at', 'email', 'email_verified', 'name', 'agreement_version', 'link_id', 'ip_address', 'user_agent', 'id'];
  return { header, rows: rows.map((r) => [iso(r.acceptedAt), r.email, r.email ? r.emailVerified : null, r.name, r.agreementVersion, r.linkId, r.ipAddress, r.userAgent, r.id]) };
}
