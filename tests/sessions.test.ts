// Settings → Security → Sessions over real HTTP: each browser's session with its browser, address
// and last seen (written at most every few minutes), revoking one (signed out on its very next
// request), and signing out everywhere.
import { describe, expect, it } from 'vitest';
import { CHROME_WINDOWS, db, member, mutate, procedure } from './support/security';
import { onNextStart } from './support/server';

// Bare `next start` has no client address (on Vercel it is the platform's header): none is shown.
const ADDRESS = onNextStart ? null : '127.0.0.1';

const list = (token: string, headers?: Record<string, string>) => procedure(token, 'security.sessions.list', undefined, { headers });

describe('sessions', () => {
  it('lists the member’s sessions, this browser first, with browser, address and last seen', async () => {
    const m = await member('sess-list');
    const other = await m.signIn();
    const mine = await m.signIn();
    await list(other, { 'User-Agent': CHROME_WINDOWS });
    const r = await list(mine);
    expect(r.status).toBe(200);
    expect(r.data).toHaveLength(2);
    const [first, second] = r.data;
    expect(first).toMatchObject({ object: 'session', is_current: true, browser: 'Firefox 140 on macOS', ip_address: ADDRESS });
    expect(second).toMatchObject({ is_current: false, browser: 'Chrome 131 on Windows', ip_address: ADDRESS });
    expect(Date.parse(first.last_seen_at)).toBeGreaterThan(Date.now() - 60_000);
    // Nothing of the session's secret leaves the server.
    expect(JSON.stringify(r.data)).not.toContain(mine);
    expect(JSON.stringify(r.data)).not.toContain(other);
    // Another member's sessions are not listed.
    const stranger = await member('sess-stranger');
    const theirs = await list(await stranger.signIn());
    expect(theirs.data.map((s: { id: string }) => s.id)).not.toContain(first.id);
  });

  it('writes last seen at most every few minutes, and at once when the browser changes', async () => {
    const m = await member('sess-seen');
    const token = await m.signIn();
    const d = await db();
    await list(token);
    const row = () => d.session.findUniqueOrThrow({ where: { sessionToken: token } });
    const seen = (await row()).lastSeenAt!;
    expect(seen).not.toBeNull();
    await list(token);
    expect((await row()).lastSeenAt!.getTime()).toBe(seen.getTime());
    await list(token, { 'User-Agent': CHROME_WINDOWS });
    const changed = await row();
    expect(changed.userAgent).toBe(CHROME_WINDOWS);
    expect(changed.lastSeenAt!.getTime()).toBeGreaterThan(seen.getTime());
    // Ten minutes later (the row set back), the next request writes again.
    const old = new Date(Date.now() - 10 * 60_000);
    await d.session.update({ where: { sessionToken: token }, data: { lastSeenAt: old } });
    await list(token, { 'User-Agent': CHROME_WINDOWS });
    expect((await row()).lastSeenAt!.getTime()).toBeGreaterThan(old.getTime());
  });

  it('revoking a session signs it out on its next request; another member’s session is 404', async () => {
    const m = await member('sess-revoke');
    const victim = await m.signIn();
    const mine = await m.signIn();
    expect((await procedure(victim, 'teams.current')).status).toBe(200);
    const target = (await list(mine)).data.find((s: { is_current: boolean }) => !s.is_current);
    const r = await mutate(mine, 'security.sessions.revoke', { id: target.id });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ id: target.id, object: 'session', deleted: true });
    const after = await procedure(victim, 'teams.current');
    expect(after.status).toBe(401);
    expect((await procedure(mine, 'teams.current')).status).toBe(200);
    // Again: gone.
    expect((await mutate(mine, 'security.sessions.revoke', { id: target.id })).status).toBe(404);
    // Someone else's session cannot be named.
    const stranger = await member('sess-revoke-other');
    const theirToken = await stranger.signIn();
    const theirs = (await list(theirToken)).data[0];
    const refused = await mutate(mine, 'security.sessions.revoke', { id: theirs.id });
    expect(refused.status).toBe(404);
    expect((await procedure(theirToken, 'teams.current')).status).toBe(200);
  });

  it('signs out everywhere, this browser included; or everywhere else', async () => {
    const m = await member('sess-all');
    const a = await m.signIn();
    const b = await m.signIn();
    const c = await m.signIn();
    const kept = await mutate(c, 'security.sessions.revokeAll', { keep_current: true });
    expect(kept.data).toEqual({ revoked: 2 });
    expect((await procedure(a, 'teams.current')).status).toBe(401);
    expect((await procedure(b, 'teams.current')).status).toBe(401);
    expect((await procedure(c, 'teams.current')).status).toBe(200);
    const all = await mutate(c, 'security.sessions.revokeAll', {});
    expect(all.data).toEqual({ revoked: 1 });
    expect((await procedure(c, 'teams.current')).status).toBe(401);
    expect(await (await db()).session.count({ where: { userId: m.userId } })).toBe(0);
  });

  it('refuses the signed-out, unknown keys, and calls from another origin', async () => {
    expect((await procedure(null, 'security.sessions.list')).status).toBe(401);
    const m = await member('sess-input');
    const token = await m.signIn();
    expect((await mutate(token, 'security.sessions.revokeAll', { keep_current: true, extra: 1 })).status).toBe(400);
    const foreign = await mutate(token, 'security.sessions.revokeAll', {}, { headers: { Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect((await procedure(token, 'teams.current')).status).toBe(200);
  });
});
