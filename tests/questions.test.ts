// Room Q&A, the team's side over /v1 (DESIGN.md "Room Q&A"): the room's Q&A fields, listing with
// filters and cursors, reading, answering (the asker is mailed, in text), status and publication,
// the events, 404 for another team, 403 for a token without the scope, and every bad input 422.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, envelope, uniqueTeam } from './support/api';
import { ISO, ok } from './support/docs';
import { parseCsv } from './support/csv';
import { ask, qaRoom, verifiedVisitor } from './support/questions';
import { awaitLog, fromLog, logSize } from './support/viewer';

type Api = ReturnType<typeof client>;
let api: Api;
let them: Api;
let qa: Awaited<ReturnType<typeof qaRoom>>;
let aboutRoom: any;
let aboutPage: any;
const ASKER = 'ada.questions@fund.example';

beforeAll(async () => {
  const team = uniqueTeam('qa');
  api = client((await createToken({ team, scopes: 'apis.all', plan: 'datarooms-plus' })).token);
  them = client((await createToken({ team: uniqueTeam('qa-them'), scopes: 'apis.all' })).token);
  qa = await qaRoom(api);
  const v = await verifiedVisitor(qa.slug, ASKER);
  const a = await ask(v, qa.slug, { text: 'When does the <b>lease</b> end?' });
  expect(a.status).toBe(201);
  const b = await ask(v, qa.slug, { text: 'Is page 2 signed?', item_id: qa.item.id, page_number: 2 });
  expect(b.status).toBe(201);
  const list = ok(await api.get(`/v1/datarooms/${qa.room.id}/questions`)).data;
  aboutPage = list[0];
  aboutRoom = list[1];
});

describe('room fields', () => {
  it('a new room has Q&A off with 20 a day; PATCH and create take both', async () => {
    const plain = ok(await api.post('/v1/datarooms', { name: 'Plain' }), 201);
    expect(plain).toMatchObject({ qa_enabled: false, qa_limit_per_visitor_per_day: 20 });
    const on = ok(await api.patch(`/v1/datarooms/${plain.id}`, { qa_enabled: true, qa_limit_per_visitor_per_day: 5 }));
    expect(on).toMatchObject({ qa_enabled: true, qa_limit_per_visitor_per_day: 5 });
    expect(ok(await api.get(`/v1/datarooms/${plain.pid}`))).toMatchObject({ qa_enabled: true, qa_limit_per_visitor_per_day: 5 });
    expect(qa.room).toMatchObject({ qa_enabled: true, qa_limit_per_visitor_per_day: 20 });
  });

  it('refuses a limit out of 1..1000 and values of the wrong type, naming the field', async () => {
    for (const body of [{ qa_limit_per_visitor_per_day: 0 }, { qa_limit_per_visitor_per_day: 1001 }, { qa_limit_per_visitor_per_day: '20' }, { qa_limit_per_visitor_per_day: 2.5 }, { qa_enabled: 'yes' }]) {
      const e = envelope(await api.patch(`/v1/datarooms/${qa.room.id}`, body), 422, 'unprocessable_entity');
      expect(e.message).toContain(Object.keys(body)[0]);
    }
    envelope(await api.post('/v1/datarooms', { name: 'X', qa_limit_per_visitor_per_day: -1 }), 422, 'unprocessable_entity');
  });
});

describe('questions', () => {
  it('lists a room’s questions newest first, with the question object', async () => {
    expect(aboutPage).toEqual({
      id: expect.any(String),
      object: 'question',
      dataroom_id: qa.room.id,
      document_id: qa.doc.id,
      page_number: 2,
      text: 'Is page 2 signed?',
      asked_by: { visitor_id: expect.any(String), email: ASKER },
      status: 'open',
      published: false,
      answers: [],
      created: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    // The text is kept as written: markup is text, shown as text everywhere.
    expect(aboutRoom).toMatchObject({ text: 'When does the <b>lease</b> end?', document_id: null, page_number: null });
    expect(ok(await api.get(`/v1/questions/${aboutRoom.id}`))).toEqual(aboutRoom);
    expect(ok(await api.get(`/v1/datarooms/${qa.room.pid}/questions`)).data.map((q: any) => q.id)).toEqual([aboutPage.id, aboutRoom.id]);
  });

  it('filters by document_id and status, and pages with cursors', async () => {
    expect(ok(await api.get(`/v1/datarooms/${qa.room.id}/questions?document_id=${qa.doc.id}`)).data.map((q: any) => q.id)).toEqual([aboutPage.id]);
    expect(ok(await api.get(`/v1/datarooms/${qa.room.id}/questions?status=closed`)).data).toEqual([]);
    const first = ok(await api.get(`/v1/datarooms/${qa.room.id}/questions?limit=1`));
    expect(first.data.map((q: any) => q.id)).toEqual([aboutPage.id]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = ok(await api.get(`/v1/datarooms/${qa.room.id}/questions?limit=1&cursor=${first.next_cursor}`));
    expect(second.data.map((q: any) => q.id)).toEqual([aboutRoom.id]);
    expect(second.next_cursor).toBeNull();
  });

  it('refuses bad filters and unknown keys with 422', async () => {
    for (const q of ['status=pending', 'limit=0', 'limit=101', 'bogus=1', 'cursor=%20']) {
      envelope(await api.get(`/v1/datarooms/${qa.room.id}/questions?${q}`), 422, 'unprocessable_entity');
    }
  });

  it('answers privately: answered, not published, the asker mailed in text with a link back; question.answered', async () => {
    const since = logSize();
    const q = ok(await api.post(`/v1/questions/${aboutRoom.id}/answers`, { text: 'In 2031 <script>x</script>.', publish: false }), 201);
    expect(q).toMatchObject({ id: aboutRoom.id, status: 'answered', published: false });
    expect(q.answers).toEqual([{ id: expect.any(String), text: 'In 2031 <script>x</script>.', answered_by: { email: null }, created: expect.stringMatching(ISO) }]);
    const mails = await awaitLog('question answer', ASKER, since);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`/view/${qa.slug}?qa=${aboutRoom.id}`);
    const events = ok(await api.get(`/v1/events?type=question.*&dataroom_id=${qa.room.id}`)).data;
    expect(events.map((e: any) => e.type)).toEqual(['question.answered', 'question.created', 'question.created']);
    expect(events[0].data.object).toMatchObject({ id: aboutRoom.id, status: 'answered' });
    expect(events[1].actor).toMatchObject({ type: 'visitor', email: ASKER });
  });

  it('publishes, unpublishes and closes with PATCH; a closed question takes no answer until reopened', async () => {
    expect(ok(await api.patch(`/v1/questions/${aboutRoom.id}`, { published: true }))).toMatchObject({ published: true, status: 'answered' });
    const updated = ok(await api.get(`/v1/events?type=question.updated&resource_id=${aboutRoom.id}`)).data[0];
    expect(updated.data.changes).toEqual({ published: [false, true] });
    expect(ok(await api.patch(`/v1/questions/${aboutRoom.id}`, { published: false, status: 'closed' }))).toMatchObject({ published: false, status: 'closed' });
    envelope(await api.post(`/v1/questions/${aboutRoom.id}/answers`, { text: 'More' }), 409, 'conflict');
    expect(ok(await api.patch(`/v1/questions/${aboutRoom.id}`, { status: 'open' }))).toMatchObject({ status: 'open' });
    expect(ok(await api.post(`/v1/questions/${aboutRoom.id}/answers`, { text: 'More', publish: true }), 201)).toMatchObject({ status: 'answered', published: true });
    expect(ok(await api.get(`/v1/questions/${aboutRoom.id}`)).answers.map((a: any) => a.text)).toEqual(['In 2031 <script>x</script>.', 'More']);
  });

  it('refuses publishing or marking answered without an answer, and bad bodies, with 422', async () => {
    envelope(await api.patch(`/v1/questions/${aboutPage.id}`, { published: true }), 422, 'unprocessable_entity');
    envelope(await api.patch(`/v1/questions/${aboutPage.id}`, { status: 'answered' }), 422, 'unprocessable_entity');
    for (const body of [{}, { status: 'done' }, { published: 'true' }, { status: 'open', extra: 1 }]) {
      envelope(await api.patch(`/v1/questions/${aboutPage.id}`, body), 422, 'unprocessable_entity');
    }
    for (const body of [{}, { text: '' }, { text: '   ' }, { text: 'x'.repeat(10_001) }, { text: 'ok', publish: 'yes' }, { text: 'ok', bogus: 1 }, { text: 'a\u0000b' }]) {
      envelope(await api.post(`/v1/questions/${aboutPage.id}/answers`, body), 422, 'unprocessable_entity');
    }
    expect(ok(await api.get(`/v1/questions/${aboutPage.id}`))).toMatchObject({ status: 'open', published: false, answers: [] });
  });

  it('unknown ids are 404', async () => {
    envelope(await api.get('/v1/questions/nope'), 404, 'not_found');
    envelope(await api.post('/v1/questions/nope/answers', { text: 'x' }), 404, 'not_found');
    envelope(await api.get('/v1/datarooms/nope/questions'), 404, 'not_found');
  });
});

describe('the room archive', () => {
  it('qa.csv holds every question with its answers, formulas defused', async () => {
    const v = await verifiedVisitor(qa.slug, 'formula@fund.example');
    expect((await ask(v, qa.slug, { text: '=HYPERLINK("https://evil.example")' })).status).toBe(201);
    const queued = ok(await api.post(`/v1/datarooms/${qa.room.id}/exports`, {}), 202);
    let done: any;
    for (const deadline = Date.now() + 60_000; ; ) {
      done = ok(await api.get(`/v1/datarooms/${qa.room.id}/exports/${queued.id}`));
      if (done.status === 'succeeded' || done.status === 'failed' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(done.status).toBe('succeeded');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-qa-'));
    fs.writeFileSync(path.join(dir, 'a.zip'), Buffer.from(await (await fetch(done.download_url)).arrayBuffer()));
    execFileSync('unzip', ['-q', 'a.zip', 'qa.csv'], { cwd: dir });
    const rows = parseCsv(fs.readFileSync(path.join(dir, 'qa.csv'), 'utf8'));
    expect(rows[0]).toEqual(['question_id', 'created', 'asked_by', 'document', 'page', 'question', 'status', 'published', 'answers']);
    const byId = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(byId.get(aboutPage.id)).toEqual([aboutPage.id, aboutPage.created, ASKER, 'Lease.pdf', '2', 'Is page 2 signed?', 'open', 'false', '']);
    const room = byId.get(aboutRoom.id)!;
    expect(room.slice(5, 8)).toEqual(['When does the <b>lease</b> end?', 'answered', 'true']);
    expect(room[8]).toMatch(/^\[\d{4}-[^\]]+\] In 2031 <script>x<\/script>\.\n\n\[[^\]]+\] More$/);
    expect(rows.find((r) => r[2] === 'formula@fund.example')![5]).toBe(`'=HYPERLINK("https://evil.example")`);
  });
});

describe('another team and scopes', () => {
  it('another team’s room and questions are 404 and change nothing', async () => {
    envelope(await them.get(`/v1/datarooms/${qa.room.id}/questions`), 404, 'not_found');
    envelope(await them.get(`/v1/questions/${aboutPage.id}`), 404, 'not_found');
    envelope(await them.post(`/v1/questions/${aboutPage.id}/answers`, { text: 'hijack', publish: true }), 404, 'not_found');
    envelope(await them.patch(`/v1/questions/${aboutPage.id}`, { status: 'closed' }), 404, 'not_found');
    expect(ok(await api.get(`/v1/questions/${aboutPage.id}`))).toMatchObject({ status: 'open', published: false, answers: [] });
  });

  it('reading needs datarooms.read, answering and updating datarooms.write', async () => {
    const team = uniqueTeam('qa-scopes');
    const owner = client((await createToken({ team, scopes: 'apis.all' })).token);
    const r = await qaRoom(owner);
    expect((await ask(await verifiedVisitor(r.slug, 'grace.questions@fund.example'), r.slug, { text: 'Scopes?' })).status).toBe(201);
    const qid = ok(await owner.get(`/v1/datarooms/${r.room.id}/questions`)).data[0].id;
    const reader = client((await createToken({ team, scopes: 'datarooms.read' })).token);
    const writer = client((await createToken({ team, scopes: 'datarooms.write' })).token);
    const other = client((await createToken({ team, scopes: 'links.read,links.write,documents.read,documents.write' })).token);
    ok(await reader.get(`/v1/datarooms/${r.room.id}/questions`));
    ok(await reader.get(`/v1/questions/${qid}`));
    envelope(await reader.post(`/v1/questions/${qid}/answers`, { text: 'x' }), 403, 'forbidden');
    envelope(await reader.patch(`/v1/questions/${qid}`, { status: 'closed' }), 403, 'forbidden');
    envelope(await writer.get(`/v1/datarooms/${r.room.id}/questions`), 403, 'forbidden');
    envelope(await writer.get(`/v1/questions/${qid}`), 403, 'forbidden');
    for (const [m, p, b] of [
      ['GET', `/v1/datarooms/${r.room.id}/questions`, undefined],
      ['GET', `/v1/questions/${qid}`, undefined],
      ['POST', `/v1/questions/${qid}/answers`, { text: 'x' }],
      ['PATCH', `/v1/questions/${qid}`, { status: 'closed' }],
    ] as const) {
      envelope(await other.call(m, p, b), 403, 'forbidden');
    }
    expect(ok(await writer.post(`/v1/questions/${qid}/answers`, { text: 'Yes.' }), 201)).toMatchObject({ status: 'answered' });
    expect(ok(await writer.patch(`/v1/questions/${qid}`, { status: 'closed' }))).toMatchObject({ status: 'closed' });
  });
});
