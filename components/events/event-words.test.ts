import { describe, expect, it } from 'vitest';
import { EVENT_PREFIXES, EVENT_TYPES, isEventPattern } from '@/lib/shared/event-types';
import { eventItemName } from '@/lib/shared/event-items';
import { eventPhrase, groupedResources, PREFIX_LABELS, typeGroups } from './event-words';
import { itemOf, showValue } from './event-format';

describe('the audit log in words', () => {
  it('reads an update of the name alone as a rename, other updates as updates', () => {
    expect(eventPhrase('folder.updated', { name: ['A', 'B'], path: ['/a', '/b'] })).toBe('renamed folder');
    expect(eventPhrase('folder.updated', { name: ['A', 'B'], color: [null, '#fff'] })).toBe('updated folder');
    expect(eventPhrase('folder.created')).toBe('created folder');
    expect(eventPhrase('something.new')).toBe('something.new');
  });

  it('offers every type and every prefix with more than one type, each a pattern the API takes, in a group', () => {
    const values = typeGroups().flatMap((g) => g.options.map((o) => o.value));
    for (const t of EVENT_TYPES) expect(values).toContain(t);
    for (const p of EVENT_PREFIXES) {
      const many = EVENT_TYPES.filter((t) => t.startsWith(`${p}.`)).length > 1;
      expect(values.includes(`${p}.*`), p).toBe(many);
      if (many) expect(PREFIX_LABELS[p], p).toBeTruthy();
    }
    for (const v of values) expect(isEventPattern(v), v).toBe(true);
    expect(new Set(values).size).toBe(values.length);
    for (const t of EVENT_TYPES) expect(groupedResources()).toContain(t.split('.')[0]);
  });

  it('names the item by its name, email or title, else by its id', () => {
    expect(eventItemName({ id: 'f1', object: 'folder', name: 'Deals' })).toBe('Deals');
    expect(eventItemName({ id: 'm1', object: 'member', email: 'a@b.example' })).toBe('a@b.example');
    expect(eventItemName({ id: 'v1', object: 'document_version', version_number: 2 })).toBe('v2');
    const deleted = { id: 'evt', object: 'event', type: 'folder.deleted', data: { object: { id: 'f1', object: 'folder', deleted: true } } } as never;
    expect(itemOf(deleted)).toEqual({ label: null, detail: null, id: 'f1', deleted: true, href: null });
    const view = { data: { object: { id: 'vw', object: 'view', link_id: 'l1', viewer_email: 'x@y.example' } } } as never;
    expect(itemOf(view)).toMatchObject({ label: null, id: 'l1', href: '/links/l1' });
  });

  it('names a visit by its link and document, an acceptance by its agreement with the signer’s typed name labelled', () => {
    const view = {
      type: 'view.created',
      data: { object: { id: 'vw', object: 'view', link_id: 'l1', document_id: 'd1', viewer_email: 'x@y.example' } },
      names: { link_id: 'Buyer A – lowball', document_id: 'Teaser.pdf' },
    } as never;
    expect(itemOf(view)).toEqual({ label: 'Buyer A – lowball', detail: 'Teaser.pdf', id: 'l1', deleted: false, href: '/links/l1' });
    const accepted = {
      type: 'agreement.accepted',
      data: { object: { id: 'acc', object: 'agreement_acceptance', agreement_id: 'a1', link_id: 'l1', name: 'Tom Evers', email: 'tom@buyer.example' } },
      names: { agreement_id: 'Harbor NDA', link_id: 'Buyer A – lowball' },
    } as never;
    expect(itemOf(accepted)).toEqual({ label: 'Harbor NDA', detail: 'signed as “Tom Evers”', id: 'a1', deleted: false, href: '/agreements/a1' });
    // No typed name (the agreement asks for none): no detail.
    const unnamed = { type: 'agreement.accepted', data: { object: { id: 'acc', object: 'agreement_acceptance', agreement_id: 'a1', name: null } }, names: {} } as never;
    expect(itemOf(unnamed)).toMatchObject({ label: null, detail: null, id: 'a1' });
  });

  it('shows change values: none as —, text as is, structures as JSON', () => {
    expect(showValue(null)).toEqual({ kind: 'none' });
    expect(showValue('Deals')).toEqual({ kind: 'text', text: 'Deals' });
    expect(showValue(false)).toEqual({ kind: 'text', text: 'false' });
    expect(showValue({ a: [1] })).toEqual({ kind: 'json', text: '{\n  "a": [\n    1\n  ]\n}' });
  });
});
