// Digests (DESIGN.md "Room power tools") over the real app: a member's settings through the
// dashboard's procedures (time zone checked, the member's one digest job due at their next 08:00
// and moved with their zone), and the digest itself at a fixed clock through the operator's
// command (`npm run admin -- digests send --at`): the day's visits and uploads grouped per room
// with links, nothing sent when nothing happened, the week's questions on Mondays only, and the
// per-event mail kept for "instant" and dropped for a digest.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin } from './support/api';
import { ok } from './support/docs';
import { roomsDashboard, type DashboardUser } from './support/dashboard';
import { ask, qaRoom, verifiedVisitor } from './support/questions';
import { withTestDb } from './support/test-db';
import { awaitLog, enter, fromLog, logSize, makeLink, pdfWithText, slugOf, Visitor } from './support/viewer';
import { send, uploadRoom } from './support/visitor-uploads';
import { isWeeklyDay, nextDigestAt } from '../server/services/digests/clock';

let dash: DashboardUser;
let api: Awaited<ReturnType<typeof roomsDashboard>>['api'];
let team: string;
let memberId: string;

const TOKYO = 'Asia/Tokyo';
const iso = (ms: number) => new Date(ms).toISOString();
/** run_at is the database's now plus a delay computed from the app's now: a few ms either side. */
const nearestMinute = (d: Date) => new Date(Math.round(d.getTime() / 60_000) * 60_000);

/** What the operator's command sent at `at`. */
async function sendAt(at: number): Promise<{ period: string; rooms: number; items: number }[]> {
  // The server's secret: the mail job is sealed with it, and the server opens it.
  const { stdout } = await admin(['digests', 'send', '--team', team, '--email', dash.email, '--at', iso(at)], { NEXTAUTH_SECRET: 'test-secret-not-for-production' });
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

/** The digest mail's grouped text, as the log prints a branded mail (`… (from "Team", message "…")`). */
async function digestText(period: 'daily' | 'weekly', since: number): Promise<{ line: string; text: string }> {
  // Sent as a mail job on the shared server's queue, behind whatever the suite has queued.
  const [line] = await awaitLog(`${period} digest`, dash.email, since, 1, 30_000);
  expect(line, 'the digest mail').toBeTruthy();
  return { line: line!, text: JSON.parse(/message ("(?:[^"\\]|\\.)*")\)$/.exec(line!)![1]!) };
}

const queuedJob = () =>
  withTestDb(async (c) =>
    (await c.query(`SELECT (extract(epoch FROM run_at) * 1000)::float8 AS ms FROM jobs WHERE kind = 'digest' AND ref = $1 AND status = 'queued'`, [memberId])).rows.map(
      (r: { ms: number }) => new Date(Number(r.ms)),
    ),
  );

beforeAll(async () => {
  ({ dash, api } = await roomsDashboard('digest', 'Digest Co'));
  const { db } = await import('../server/db/client');
  const m = await db.teamMember.findFirstOrThrow({ where: { user: { email: dash.email } }, select: { id: true, team: { select: { slug: true } } } });
  team = m.team.slug;
  memberId = m.id;
});

describe('settings', () => {
  it('instant everywhere and UTC by default; no digest job', async () => {
    expect(await dash.call().digests.get()).toEqual({ time_zone: 'UTC', visits: 'instant', questions: 'instant', access_requests: 'instant', uploads: 'instant' });
    expect(await queuedJob()).toEqual([]);
  });

  it('refuses an unknown zone, an unknown frequency and an empty change', async () => {
    await expect(dash.call().digests.update({ time_zone: 'Mars/Olympus' })).rejects.toThrow(/time_zone/);
    await expect(dash.call().digests.update({ visits: 'hourly' })).rejects.toThrow();
    await expect(dash.call().digests.update({})).rejects.toThrow(/at least one/);
    expect((await dash.call().digests.get()).time_zone).toBe('UTC');
  });

  it('a daily or weekly kind puts one digest job at the next 08:00 of the member’s zone; a new zone moves it; all instant drops it', async () => {
    const s = await dash.call().digests.update({ time_zone: TOKYO, visits: 'daily', uploads: 'daily', questions: 'weekly' });
    expect(s).toEqual({ time_zone: TOKYO, visits: 'daily', questions: 'weekly', access_requests: 'instant', uploads: 'daily' });
    let jobs = await queuedJob();
    expect(jobs).toHaveLength(1);
    expect(Math.abs(jobs[0]!.getTime() - nextDigestAt(Date.now(), TOKYO))).toBeLessThan(60_000);
    expect(nearestMinute(jobs[0]!).getUTCHours()).toBe(23); // 08:00 in Tokyo
    await dash.call().digests.update({ time_zone: 'America/New_York' });
    jobs = await queuedJob();
    expect(jobs).toHaveLength(1);
    expect(Math.abs(jobs[0]!.getTime() - nextDigestAt(Date.now(), 'America/New_York'))).toBeLessThan(60_000);
    expect([12, 13]).toContain(nearestMinute(jobs[0]!).getUTCHours()); // 08:00 EDT or EST
    await dash.call().digests.update({ visits: 'instant', uploads: 'instant', questions: 'off' });
    expect(await queuedJob()).toEqual([]);
    await dash.call().digests.update({ time_zone: TOKYO, visits: 'daily', uploads: 'daily', questions: 'weekly' });
    expect(await queuedJob()).toHaveLength(1);
  });
});

describe('the digest, at a fixed clock', () => {
  let harbor: Awaited<ReturnType<typeof uploadRoom>>;
  let uploadName: string;

  beforeAll(async () => {
    // Visits to two rooms (one anonymous, one by a group's visitor) and an upload in the second.
    const alpha = ok(await api.post('/v1/datarooms', { name: 'Alpha' }), 201);
    const alphaLink = await makeLink(api, { dataroom_id: alpha.id });
    await enter(new Visitor(), slugOf(alphaLink));
    harbor = await uploadRoom(api, ['ada.digest@bid.example']);
    const ada = await verifiedVisitor(harbor.slug, 'ada.digest@bid.example');
    uploadName = 'Digest offer.pdf';
    expect((await send(ada, harbor.slug, harbor.inbox.id, await pdfWithText(1, 'Offer'), 'application/pdf', uploadName)).status).toBe(201);
  });

  it('groups the day per room, rooms by name, with links to each room’s tab', async () => {
    const at = nextDigestAt(Date.now(), TOKYO);
    const since = logSize();
    const sent = await sendAt(at);
    expect(sent).toEqual([{ period: 'daily', rooms: 2, items: 3 }]);
    const { line, text } = await digestText('daily', since);
    expect(line).toContain('(from "Digest Co"');
    const sections = text.split('\n\n');
    expect(sections.map((s) => s.split('\n')[0])).toEqual(['Alpha', 'Harbor']);
    expect(sections[0]).toContain('• 1 visit by anonymous visitors');
    expect(sections[1]).toContain('• 1 visit by ada.digest@bid.example');
    expect(sections[1]).toContain(`• 1 upload to review: “${uploadName}” (ada.digest@bid.example)`);
    expect(sections[1]).toContain(`/datarooms/${harbor.room.id}?tab=uploads`);
    expect(sections[1]).toContain(`/datarooms/${harbor.room.id}?tab=analytics`);
    // Questions are weekly for this member: none in the daily digest.
    expect(text).not.toContain('question');
  });

  it('nothing happened in the period: no mail', async () => {
    const weekAgo = nextDigestAt(Date.now(), TOKYO) - 7 * 86_400_000;
    expect(await sendAt(weekAgo)).toEqual([]);
    // A kind set to off is never in a digest: with everything off, nothing is sent for a busy day.
    await dash.call().digests.update({ visits: 'off', uploads: 'off', questions: 'off' });
    expect(await sendAt(nextDigestAt(Date.now(), TOKYO))).toEqual([]);
    await dash.call().digests.update({ visits: 'daily', uploads: 'daily', questions: 'weekly' });
  });

  it('the week’s questions go out on Mondays, in the weekly digest only', async () => {
    const qa = await qaRoom(api);
    const asker = await verifiedVisitor(qa.slug, 'grace.digest@fund.example');
    expect((await ask(asker, qa.slug, { text: 'When does the lease end?' })).status).toBe(201);
    let monday = nextDigestAt(Date.now(), TOKYO);
    while (!isWeeklyDay(monday, TOKYO)) monday = nextDigestAt(monday, TOKYO);
    let other = nextDigestAt(Date.now(), TOKYO);
    if (isWeeklyDay(other, TOKYO)) other = nextDigestAt(other, TOKYO);
    expect((await sendAt(other)).some((d) => d.period === 'weekly')).toBe(false);
    const since = logSize();
    const sent = await sendAt(monday);
    expect(sent.find((d) => d.period === 'weekly')).toEqual({ period: 'weekly', rooms: 1, items: 1 });
    const { text } = await digestText('weekly', since);
    expect(text).toContain('Falcon\n  • 1 question: “When does the lease end?” (grace.digest@fund.example)');
    expect(text).toContain(`/datarooms/${qa.room.id}?tab=qa`);
  });

  it('"instant" keeps the per-event mail; a member on a digest gets none', async () => {
    const ada = await verifiedVisitor(harbor.slug, 'ada.digest@bid.example');
    // On the daily digest: this upload's notification is never queued.
    const quiet = (await send(ada, harbor.slug, harbor.inbox.id, Buffer.from('quiet\n'), 'text/plain', 'quiet.txt')).body;
    await dash.call().digests.update({ uploads: 'instant' });
    const since = logSize();
    const loud = (await send(ada, harbor.slug, harbor.inbox.id, Buffer.from('loud\n'), 'text/plain', 'loud.txt')).body;
    const lines = await awaitLog('visitor upload notification', dash.email, since);
    expect(lines.join('\n')).toContain(loud.id);
    expect(fromLog('visitor upload notification', dash.email, 0).join('\n')).not.toContain(quiet.id);
  });
});
