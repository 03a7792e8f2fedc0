// Two-factor over real HTTP: setting up an authenticator app (codes computed here with otplib, as
// the app would), ten one-use recovery codes shown once and stored hashed, the sign-in step that
// holds a new session until a code is given, replayed and guessed codes, turning it off with a
// current code, and a team that requires it.
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { Visitor } from './support/viewer';
import { db, member, mutate, procedure, type Member } from './support/security';

/** Codes are computed a step away from a 30-second boundary, so the server sees the same steps. */
async function steady() {
  const into = (Date.now() / 1000) % 30;
  if (into > 27) await new Promise((r) => setTimeout(r, (30 - into) * 1000 + 300));
}
const codeAt = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

/** A member who turned on the authenticator app (the code of the previous step confirmed it). */
async function withTotp(who: string, o: { teamId?: string } = {}) {
  const m = await member(who, o);
  const session = await m.signIn();
  const begun = await mutate(session, 'security.twoFactor.beginTotp');
  expect(begun.status).toBe(200);
  await steady();
  const confirmed = await mutate(session, 'security.twoFactor.confirmTotp', { code: await codeAt(begun.data.secret, -1) });
  expect(confirmed.status).toBe(200);
  return { m, session, secret: begun.data.secret as string, codes: confirmed.data.recovery_codes as string[], begun: begun.data };
}

const current = (token: string) => procedure(token, 'teams.current');

describe('the authenticator app', () => {
  it('is set up from a QR code and key; the recovery codes are shown once and kept hashed', async () => {
    const { m, session, secret, codes, begun } = await withTotp('tfa-setup');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(begun.otpauth_url).toMatch(/^otpauth:\/\/totp\/Quire:/);
    expect(begun.otpauth_url).toContain(`secret=${secret}`);
    expect(begun.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = await procedure(session, 'security.twoFactor.status');
    expect(status.data).toMatchObject({ enabled: true, totp_enabled: true, recovery_codes_left: 10 });
    // Nothing readable is stored: the key is sealed, the codes are HMACs.
    const d = await db();
    const user = await d.user.findUniqueOrThrow({ where: { id: m.userId }, include: { recoveryCodes: true } });
    expect(user.totpSecret).not.toContain(secret);
    expect(user.totpPendingSecret).toBeNull();
    const stored = JSON.stringify(user.recoveryCodes);
    for (const c of codes) {
      expect(stored).not.toContain(c);
      expect(stored).not.toContain(c.replace('-', ''));
    }
    // The session that set it up stays usable; setting up again is a conflict.
    expect((await current(session)).status).toBe(200);
    expect((await mutate(session, 'security.twoFactor.beginTotp')).status).toBe(409);
    // The team's audit log has the change.
    const events = await d.event.findMany({ where: { teamId: m.teamId, type: 'member.two_factor_enabled' } });
    expect(events).toHaveLength(1);
  });

  it('a wrong first code does not turn it on', async () => {
    const m = await member('tfa-wrong-first');
    const s = await m.signIn();
    const begun = await mutate(s, 'security.twoFactor.beginTotp');
    const wrong = await mutate(s, 'security.twoFactor.confirmTotp', { code: '000000' === (await codeAt(begun.data.secret)) ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect((await procedure(s, 'security.twoFactor.status')).data.enabled).toBe(false);
  });
});

describe('the sign-in step', () => {
  it('holds a new session until a code is given; replayed codes and spent recovery codes are refused', async () => {
    const { m, secret, codes } = await withTotp('tfa-signin');
    const fresh = await m.signIn();
    const held = await current(fresh);
    expect(held.status).toBe(401);
    expect(held.error.data.apiError.details).toEqual({ rule: 'two_factor_required' });
    // Nothing else of the account answers either: sessions, tokens, other teams.
    expect((await procedure(fresh, 'security.sessions.list')).status).toBe(401);
    expect((await procedure(fresh, 'teams.list')).status).toBe(401);
    // Pages send the browser to the step.
    const page = await new Visitor().get('/documents', { Cookie: `next-auth.session-token=${fresh}` });
    expect(page.status).toBe(307);
    expect(page.location).toBe('/two-factor');
    // The code that confirmed the setup was spent: replaying it fails.
    await steady();
    const replay = await mutate(fresh, 'security.twoFactor.verify', { code: await codeAt(secret, -1) });
    expect(replay.status).toBe(422);
    expect((await current(fresh)).status).toBe(401);
    const ok = await mutate(fresh, 'security.twoFactor.verify', { code: await codeAt(secret) });
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ verified: true, method: 'totp' });
    expect((await current(fresh)).status).toBe(200);
    // Once used, a code is gone for every session.
    const other = await m.signIn();
    expect((await mutate(other, 'security.twoFactor.verify', { code: await codeAt(secret) })).status).toBe(422);
    // A recovery code works once, in any format a person types it.
    const rc = await mutate(other, 'security.twoFactor.verify', { recovery_code: ` ${codes[3]!.toUpperCase().replace('-', ' ')} ` });
    expect(rc.status).toBe(200);
    expect(rc.data).toMatchObject({ method: 'recovery_code', recovery_codes_left: 9 });
    const third = await m.signIn();
    expect((await mutate(third, 'security.twoFactor.verify', { recovery_code: codes[3] })).status).toBe(422);
    expect((await current(third)).status).toBe(401);
  });

  it('limits guesses per member, whatever the session', async () => {
    const { m } = await withTotp('tfa-guess');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const s = await m.signIn();
      statuses.push((await mutate(s, 'security.twoFactor.verify', { code: String(100000 + i) })).status);
    }
    // Ten codes in the window (the setup's own code was one), then 429.
    expect(statuses).toEqual([...Array(9).fill(422), 429, 429, 429]);
  });

  it('takes a code or a recovery code, never both or neither', async () => {
    const { m } = await withTotp('tfa-input');
    const s = await m.signIn();
    expect((await mutate(s, 'security.twoFactor.verify', {})).status).toBe(400);
    expect((await mutate(s, 'security.twoFactor.verify', { code: '123456', recovery_code: 'abcde-fghij' })).status).toBe(400);
    expect((await mutate(null, 'security.twoFactor.verify', { code: '123456' })).status).toBe(401);
  });
});

describe('turning it off', () => {
  it('needs a current code', async () => {
    const { m, session, secret } = await withTotp('tfa-off');
    expect((await mutate(session, 'security.twoFactor.disableTotp', { code: '000001' })).status).toBe(422);
    await steady();
    // The setup's code again: spent.
    expect((await mutate(session, 'security.twoFactor.disableTotp', { code: await codeAt(secret, -1) })).status).toBe(422);
    const off = await mutate(session, 'security.twoFactor.disableTotp', { code: await codeAt(secret) });
    expect(off.status).toBe(200);
    expect(off.data).toMatchObject({ enabled: false, totp_enabled: false });
    const d = await db();
    expect(await d.recoveryCode.count({ where: { userId: m.userId } })).toBe(0);
    expect(await d.event.count({ where: { teamId: m.teamId, type: 'member.two_factor_disabled' } })).toBe(1);
    // A new session is no longer held.
    expect((await current(await m.signIn())).status).toBe(200);
  });

  it('by removing the last passkey needs the passkey’s own confirmation; a passkey beside another factor goes without', async () => {
    const d = await db();
    const m = await member('tfa-passkey-off');
    const session = await m.signIn({ twoFactorVerified: true });
    // A registered passkey (a real ceremony is e2e/passkeys.spec.ts's, in Chromium).
    const key = { userId: m.userId, name: 'Laptop', publicKey: Buffer.from('not checked here') };
    await d.passkey.create({ data: { id: `pk-${m.userId}-1`, ...key } });
    const refused = await mutate(session, 'security.passkeys.remove', { id: `pk-${m.userId}-1` });
    expect(refused.status).toBe(422);
    expect(refused.error.message).toContain('confirm with the passkey first');
    expect(await d.passkey.count({ where: { userId: m.userId } })).toBe(1);
    // An assertion that is not one (no challenge was asked for): refused, nothing removed.
    const forged = { id: `pk-${m.userId}-1`, rawId: `pk-${m.userId}-1`, type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} };
    expect((await mutate(session, 'security.passkeys.remove', { id: `pk-${m.userId}-1`, response: forged })).status).toBe(422);
    expect(await d.passkey.count({ where: { userId: m.userId } })).toBe(1);
    // With a second passkey, the first is not the last factor.
    await d.passkey.create({ data: { id: `pk-${m.userId}-2`, ...key } });
    expect((await mutate(session, 'security.passkeys.remove', { id: `pk-${m.userId}-1` })).status).toBe(200);
    expect(await d.passkey.count({ where: { userId: m.userId } })).toBe(1);
    // Another member's passkey is not found, whatever it is.
    const other = await member('tfa-passkey-other');
    await d.passkey.create({ data: { id: `pk-${other.userId}-1`, ...key, userId: other.userId } });
    expect((await mutate(session, 'security.passkeys.remove', { id: `pk-${other.userId}-1` })).status).toBe(404);
    expect(await d.event.count({ where: { teamId: m.teamId, type: 'member.two_factor_disabled' } })).toBe(0);
  });
});

describe('a team that requires two-factor', () => {
  it('sends a member without it to set it up before reaching the team', async () => {
    const admin = await member('tfa-team-admin');
    const d = await db();
    await d.team.update({ where: { id: admin.teamId }, data: { requireTwoFactor: true } });
    const newcomer: Member = await member('tfa-team-newcomer', { teamId: admin.teamId });
    const s = await newcomer.signIn();
    const refused = await current(s);
    expect(refused.status).toBe(403);
    expect(refused.error.data.apiError.details).toEqual({ rule: 'team_requires_two_factor' });
    const page = await new Visitor().get('/documents', { Cookie: `next-auth.session-token=${s}` });
    expect(page.location).toBe('/two-factor/setup');
    // Setting it up is allowed, and lets them in.
    const begun = await mutate(s, 'security.twoFactor.beginTotp');
    await steady();
    expect((await mutate(s, 'security.twoFactor.confirmTotp', { code: await codeAt(begun.data.secret) })).status).toBe(200);
    expect((await current(s)).status).toBe(200);
  });

  it('is switched on by an admin as a security setting (an event)', async () => {
    const admin = await member('tfa-team-switch');
    const s = await admin.signIn();
    const r = await mutate(s, 'security.team.update', { require_two_factor: true });
    expect(r.status).toBe(200);
    expect(r.data.require_two_factor).toBe(true);
    // The admin has no second factor yet: held at setup like anyone.
    expect((await current(s)).status).toBe(403);
    const ev = await (await db()).event.findFirstOrThrow({ where: { teamId: admin.teamId, type: 'security.updated' } });
    expect(JSON.stringify(ev.data)).toContain('"require_two_factor":[false,true]');
  });
});
