// The audit log's CSV export for the dashboard over real HTTP (/api/events/export; DESIGN.md
// "Events"): the signed-in user's team only, the filters of GET /v1/events, newest first, every
// page of the log in one answer, formula cells defused, the API's envelope for refusals.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, envelope, uniqueTeam } from './support/api';
import { parseCsv } from './support/csv';
import { signedInDashboard, type DashboardUser } from './support/dashboard';
import { ok } from './support/docs';
import { Visitor } from './support/viewer';

const HEADER = ['time', 'type', 'actor_type', 'actor_name', 'actor_email', 'actor_email_verified', 'item_id', 'item', 'dataroom_id', 'ip_address', 'user_agent', 'changes'];
const FORMULA = '=HYPERLINK("http://evil.example","x")';
const UA = 'events-export-test/1.0';

let user: DashboardUser;
let folder: { id: string };
let otherFolder: { id: string };
let started: number;

async function exportCsv(query = '') {
  const r = await user.get(`/api/events/export${query ? `?${query}` : ''}`);
  expect(r.status, r.text()).toBe(200);
  const rows = parseCsv(r.text());
  expect(rows[0]).toEqual(HEADER);
  return { answer: r, rows: rows.slice(1).map((cells) => Object.fromEntries(HEADER.map((h, i) => [h, cells[i]]))) };
}

beforeAll(async () => {
  user = await signedInDashboard('export', 'Export team');
  started = Date.now();
  const call = user.call({ ipAddress: '203.0.113.7', userAgent: UA });
  folder = await call.folders.create({ name: 'Before' });
  await call.folders.update({ id: folder.id, name: FORMULA });
  // Another team's change, which this team's export never shows.
  const other = client((await createToken({ team: uniqueTeam('export-other'), scopes: 'apis.all' })).token);
  otherFolder = ok(await other.post('/v1/folders', { name: 'Elsewhere' }), 201);
});

describe('GET /api/events/export', () => {
  it('answers the team’s events as CSV, newest first, with who, what, where and what changed', async () => {
    const { answer, rows } = await exportCsv();
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe("attachment; filename=\"audit-log.csv\"; filename*=UTF-8''audit-log.csv");
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(rows.map((r) => r.type)).toEqual(['folder.updated', 'folder.created', 'member.added']);
    const [updated, created, joined] = rows;
    expect(updated).toMatchObject({ actor_type: 'user', actor_email: user.email, actor_email_verified: 'true', item_id: folder.id, ip_address: '203.0.113.7', user_agent: UA, dataroom_id: '' });
    // A spreadsheet shows the name as text, never runs it.
    expect(updated!.item).toBe(`'${FORMULA}`);
    expect(JSON.parse(updated!.changes!)).toMatchObject({ name: ['Before', FORMULA] });
    expect(created).toMatchObject({ item: 'Before', changes: '' });
    expect(joined!.actor_email).toBe(user.email);
    for (const r of rows) expect(Date.parse(r.time!)).toBeGreaterThan(0);
    expect(rows.map((r) => r.time)).toEqual(rows.map((r) => r.time).sort().reverse());
    expect(rows.some((r) => r.item_id === otherFolder.id)).toBe(false);
  });

  it('takes the filters of GET /v1/events', async () => {
    expect((await exportCsv('type=folder.*')).rows.map((r) => r.type)).toEqual(['folder.updated', 'folder.created']);
    expect((await exportCsv('type=folder.created')).rows.map((r) => r.item)).toEqual(['Before']);
    expect((await exportCsv(`resource_id=${folder.id}&actor_type=user`)).rows).toHaveLength(2);
    expect((await exportCsv('actor_type=api_token')).rows).toEqual([]);
    expect((await exportCsv(`actor_email=${encodeURIComponent(user.email.toUpperCase())}`)).rows).toHaveLength(3);
    expect((await exportCsv(`since=${Date.now() + 60_000}`)).rows).toEqual([]);
    expect((await exportCsv(`since=${started - 1}&type=folder.*`)).rows).toHaveLength(2);
    expect((await exportCsv(`resource_id=${otherFolder.id}`)).rows).toEqual([]);
    const room = await exportCsv('dataroom_id=dr_unknown');
    expect(room.rows).toEqual([]);
    expect(room.answer.headers.get('content-disposition')).toBe("attachment; filename=\"audit-log-dr_unknown.csv\"; filename*=UTF-8''audit-log-dr_unknown.csv");
  });

  it('writes every page of a long log, in order', async () => {
    const call = user.call();
    for (let i = 0; i < 21; i++) await Promise.all(Array.from({ length: 10 }, (_, j) => call.folders.create({ name: `Bulk ${i * 10 + j}` })));
    const { rows } = await exportCsv('type=folder.created');
    expect(rows).toHaveLength(211);
    expect(new Set(rows.map((r) => r.item_id)).size).toBe(211);
    expect(rows.at(-1)!.item).toBe('Before');
    expect(rows.map((r) => r.time)).toEqual(rows.map((r) => r.time).sort().reverse());
  });

  it('refuses filters the log cannot mean, in the API’s envelope', async () => {
    const refused = async (query: string) => {
      const r = await user.get(`/api/events/export?${query}`);
      return envelope({ status: r.status, body: JSON.parse(r.text()), headers: r.headers }, 422, 'unprocessable_entity');
    };
    expect((await refused('type=nope.*')).message).toMatch(/^type:/);
    expect((await refused(`since=${Date.now()}&until=${Date.now() - 1000}`)).message).toMatch(/^since:/);
    expect((await refused('since=yesterday')).message).toMatch(/^since:/);
    expect((await refused('actor_type=robot')).message).toMatch(/^actor_type:/);
    await refused('colour=blue');
  });

  it('answers 401 without a session, 401 for a bearer token', async () => {
    const anonymous = await new Visitor().get('/api/events/export');
    envelope({ status: anonymous.status, body: JSON.parse(anonymous.text()), headers: anonymous.headers }, 401, 'unauthorized');
    const { token } = await createToken({ team: uniqueTeam('export-token'), scopes: 'apis.all' });
    const bearer = await new Visitor().get('/api/events/export', { Authorization: `Bearer ${token}` });
    expect(bearer.status).toBe(401);
  });

  it('exports the team the tab shows (?team=), not the last-chosen one; a team the user is not in is ignored', async () => {
    const second = await user.addTeam('Second export team');
    const secondFolder = await second.call().folders.create({ name: 'In the second team' });
    const shown = (await exportCsv(`team=${second.teamId}&type=folder.*`)).rows;
    expect(shown.map((r) => r.item_id)).toEqual([secondFolder.id]);
    // Without the parameter, or naming a team the user is not in: the user's first team.
    for (const query of ['type=folder.created', `team=${encodeURIComponent('not-my-team')}&type=folder.created`]) {
      const ids = (await exportCsv(query)).rows.map((r) => r.item_id);
      expect(ids).toContain(folder.id);
      expect(ids).not.toContain(secondFolder.id);
    }
  });
});
