import { describe, expect, it } from 'vitest';
import { accessAllowed, emailNeeded, fieldAnswer, pendingGate } from './gates';
import { accessKey, type ViewerLink } from './links';
import type { CustomField } from '../links/settings';

const link = (over: Partial<ViewerLink> = {}): ViewerLink => ({
  id: 'l1',
  teamId: 't1',
  slug: 's',
  name: null,
  linkType: 'document',
  documentId: 'd1',
  dataroomId: null,
  audienceType: 'general',
  groupId: null,
  brandId: null,
  passwordHash: null,
  expiresAt: null,
  emailProtected: false,
  emailAuthenticated: false,
  allowDownload: false,
  allowList: [],
  denyList: [],
  ipAllowList: [],
  roomIpAllowList: [],
  domain: null,
  teamPlan: 'free',
  roomName: null,
  watermarkConfig: null,
  welcomeMessage: null,
  enableNotification: true,
  showBanner: false,
  enableSearch: true,
  customFields: [],
  enableCustomMeta: false,
  metaTitle: null,
  metaDescription: null,
  metaImage: null,
  createdById: null,
  allowAccessRequests: false,
  agreementId: null,
  agreementVersion: null,
  agreementRequireName: false,
  groupAllowAll: false,
  groupDomains: [],
  ...over,
});
const field = (type: CustomField['type'], over: Partial<CustomField> = {}): CustomField => ({ identifier: 'f', type, label: 'F', placeholder: null, required: false, options: null, ...over });

describe('gates', () => {
  it('asks an email when the link is email-protected or a list or a group decides', () => {
    expect(emailNeeded(link())).toBe(false);
    expect(emailNeeded(link({ emailProtected: true }))).toBe(true);
    expect(emailNeeded(link({ allowList: ['a.example'] }))).toBe(true);
    expect(emailNeeded(link({ denyList: ['a.example'] }))).toBe(true);
    expect(emailNeeded(link({ audienceType: 'group', groupId: 'g' }))).toBe(true);
    expect(emailNeeded(link({ audienceType: 'group', groupId: 'g', groupAllowAll: true }))).toBe(false);
  });

  it('orders the gates: email, fields, password, code; other access settings reset the password and the code', () => {
    const l = link({ emailAuthenticated: true, emailProtected: true, passwordHash: 'x', customFields: [field('text')] });
    const s = { id: 's', linkId: 'l1', email: null, viewerId: null, fieldValues: null, passwordOk: false, verified: false, accessKey: accessKey(l), admittedAt: null, agreementKey: null, expiresAt: '' };
    expect(pendingGate(l, null)).toBe('email');
    expect(pendingGate(l, { ...s, email: 'a@b.example' })).toBe('fields');
    expect(pendingGate(l, { ...s, email: 'a@b.example', fieldValues: {} })).toBe('password');
    expect(pendingGate(l, { ...s, email: 'a@b.example', fieldValues: {}, passwordOk: true })).toBe('code');
    expect(pendingGate(l, { ...s, email: 'a@b.example', fieldValues: {}, passwordOk: true, verified: true })).toBeNull();
    expect(pendingGate({ ...l, passwordHash: 'y' }, { ...s, email: 'a@b.example', fieldValues: {}, passwordOk: true, verified: true })).toBe('password');
  });

  it('asks the agreement after the email and fields and before the password, again when its version changes', () => {
    const l = link({ emailProtected: true, passwordHash: 'x', customFields: [field('text')], agreementId: 'ag', agreementVersion: 'v1' });
    const s = { id: 's', linkId: 'l1', email: 'a@b.example', viewerId: null, fieldValues: {}, passwordOk: false, verified: false, accessKey: accessKey(l), admittedAt: null, agreementKey: null, expiresAt: '' };
    expect(pendingGate(l, { ...s, fieldValues: null })).toBe('fields');
    expect(pendingGate(l, s)).toBe('agreement');
    expect(pendingGate(l, { ...s, agreementKey: 'ag:v1' })).toBe('password');
    expect(pendingGate(l, { ...s, agreementKey: 'ag:v1', passwordOk: true })).toBeNull();
    expect(pendingGate({ ...l, agreementVersion: 'v2' }, { ...s, agreementKey: 'ag:v1', passwordOk: true })).toBe('agreement');
  });

  it('decides access from the lists: allow (emails and domains), then deny', async () => {
    const l = link({ allowList: ['ada@fund.example', 'partners.example'], denyList: ['eve@partners.example', 'bad.example'] });
    expect(await accessAllowed(l, 'ada@fund.example')).toBe(true);
    expect(await accessAllowed(l, 'bob@partners.example')).toBe(true);
    expect(await accessAllowed(l, 'bob@fund.example')).toBe(false);
    expect(await accessAllowed(l, 'eve@partners.example')).toBe(false);
    expect(await accessAllowed(l, 'x@sub.partners.example')).toBe(false);
    expect(await accessAllowed(l, null)).toBe(false);
    expect(await accessAllowed(link({ denyList: ['bad.example'] }), 'x@bad.example')).toBe(false);
    expect(await accessAllowed(link(), null)).toBe(true);
    expect(await accessAllowed(link({ audienceType: 'group', groupId: 'g', groupDomains: ['fund.example'] }), 'a@fund.example')).toBe(true);
    expect(await accessAllowed(link({ audienceType: 'group', groupId: 'g', groupAllowAll: true }), 'a@any.example')).toBe(true);
  });

  it('validates custom field answers by type', () => {
    expect(fieldAnswer(field('text', { required: true }), '  ')).toEqual({ error: true });
    expect(fieldAnswer(field('text'), '')).toEqual({});
    expect(fieldAnswer(field('text'), ' Acme ')).toEqual({ value: 'Acme' });
    expect(fieldAnswer(field('text'), 'a\u0001b')).toEqual({ error: true });
    expect(fieldAnswer(field('long_text'), 'line 1\nline 2')).toEqual({ value: 'line 1\nline 2' });
    expect(fieldAnswer(field('email'), 'Ada@Fund.Example')).toEqual({ value: 'ada@fund.example' });
    expect(fieldAnswer(field('email'), 'nope')).toEqual({ error: true });
    expect(fieldAnswer(field('number'), '12.5')).toEqual({ value: 12.5 });
    expect(fieldAnswer(field('number'), '1e400')).toEqual({ error: true });
    expect(fieldAnswer(field('phone'), '+49 (30) 123-456')).toEqual({ value: '+49 (30) 123-456' });
    expect(fieldAnswer(field('phone'), 'call me')).toEqual({ error: true });
    expect(fieldAnswer(field('url'), 'https://fund.example/x')).toEqual({ value: 'https://fund.example/x' });
    expect(fieldAnswer(field('url'), 'javascript:alert(1)')).toEqual({ error: true });
    expect(fieldAnswer(field('checkbox', { required: true }), undefined)).toEqual({ error: true });
    expect(fieldAnswer(field('checkbox'), undefined)).toEqual({ value: false });
    expect(fieldAnswer(field('checkbox'), 'on')).toEqual({ value: true });
    expect(fieldAnswer(field('select', { options: ['A', 'B'] }), 'B')).toEqual({ value: 'B' });
    expect(fieldAnswer(field('select', { options: ['A', 'B'] }), 'C')).toEqual({ error: true });
  });
});
