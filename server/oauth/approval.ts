// Approving or denying a device login (the dashboard's /device page and the admin command).
// The signed-in user picks one of their teams; the token then acts for that user and team with
// the requested scopes. A code is decided once: the write is conditional on the code still
// pending, so a double click, or an approve racing a deny, decides it exactly once.
import crypto from 'node:crypto';
import { db } from '../db/client';
import { sqlRows } from '../db/sql';
import { ApiError, invalid, notFound } from '../errors';
import { planName, type RequestInfo } from '../auth/actor';
import { namedLimiter, retryAfterSeconds } from '../ratelimit';
import { deleteGrants, recordGrant } from '../services/connected-apps';
import { apiResource, getProvider } from './provider';
import { API_SCOPES, CLI_CLIENT_ID, SCOPE_WORDS } from './settings';
import type { PlanName } from '../../lib/shared/plans';

/** Code look-ups a user, and an address, may make in ten minutes (user codes carry ~35 bits). */
const ATTEMPTS_PER_USER = 20;
const ATTEMPTS_PER_ADDRESS = 60;

export type DeviceRequestView = {
  user_code: string;
  client_id: string;
  client_name: string;
  verified_client: boolean;
  device_ip: string | null;
  device_agent: string | null;
  scopes: { scope: string; description: string }[];
  expires_at: string;
  teams: { id: string; slug: string; name: string; plan: PlanName }[];
};

/** Who decides: a signed-in user from an address, or an operator (`npm run admin`, not rate-limited). */
export type Approver = { userId: string; address: string; operator?: boolean; request?: RequestInfo };

export type ApprovingTeam = DeviceRequestView['teams'][number];

const ATTEMPT_WINDOW_MS = 600_000;

async function countAttempt(who: Approver) {
  if (who.operator) return;
  const [u, a] = await Promise.all([
    namedLimiter('quire:ratelimit:device-user', ATTEMPTS_PER_USER, ATTEMPT_WINDOW_MS).limit(who.userId),
    namedLimiter('quire:ratelimit:device-ip', ATTEMPTS_PER_ADDRESS, ATTEMPT_WINDOW_MS).limit(who.address),
  ]);
  if (!u.success || !a.success) {
    const retry = retryAfterSeconds(Math.max(u.success ? 0 : u.reset, a.success ? 0 : a.reset));
    throw new ApiError('rate_limit_exceeded', `Too many codes tried; wait ${Math.ceil(retry / 60)} minute(s) and try again.`, {
      retry_after_seconds: retry,
    });
  }
}

/** What a user types: case and separators do not matter. */
export const normalizeUserCode = (input: string) => input.toUpperCase().replace(/[^A-Z0-9]/g, '');
const displayCode = (normalized: string) => `${normalized.slice(0, 4)}-${normalized.slice(4)}`;

type PendingCode = {
  clientId: string;
  /** The API the code was asked for (set by the server that issued it). */
  resource: string;
  scopes: string[];
  deviceInfo?: { ip?: string; ua?: string };
  exp: number;
};

async function pendingCode(userCode: string): Promise<PendingCode & { normalized: string }> {
  const normalized = normalizeUserCode(userCode);
  if (normalized.length !== 8) throw invalid('user_code', 'Enter the 8-letter code your device shows (like BCDF-GHJK).');
  const provider = await getProvider();
  const code = await provider.DeviceCode.findByUserCode(normalized);
  const gone = () => new ApiError('not_found', 'No pending sign-in has this code. It may have expired or been used: start again on your device.');
  if (!code || code.isExpired || code.consumed || code.accountId || code.error) throw gone();
  const params = (code.params ?? {}) as { scope?: string; resource?: string };
  return {
    normalized,
    clientId: code.clientId!,
    resource: typeof params.resource === 'string' ? params.resource : apiResource(),
    scopes: (params.scope ?? '').split(' ').filter(Boolean),
    deviceInfo: code.deviceInfo as PendingCode['deviceInfo'],
    exp: code.exp!,
  };
}

export async function clientName(clientId: string): Promise<string> {
  const provider = await getProvider();
  const client = await provider.Client.find(clientId);
  return client?.clientName ?? clientId;
}

export async function teamsOf(userId: string) {
  const rows = await db.teamMember.findMany({
    where: { userId },
    include: { team: { select: { id: true, slug: true, name: true, plan: true } } },
    orderBy: { createdAt: 'asc' },
  });
  return rows.map((m) => ({ id: m.team.id, slug: m.team.slug, name: m.team.name, plan: planName(m.team.plan) }));
}

/** The pending request behind a user code, for the approval page. Counts as one attempt. */
export async function describeDeviceRequest(who: Approver, userCode: string): Promise<DeviceRequestView> {
  await countAttempt(who);
  const code = await pendingCode(userCode);
  return {
    user_code: displayCode(code.normalized),
    client_id: code.clientId,
    client_name: await clientName(code.clientId),
    verified_client: code.clientId === CLI_CLIENT_ID,
    device_ip: code.deviceInfo?.ip ?? null,
    device_agent: code.deviceInfo?.ua ?? null,
    scopes: code.scopes.map((s) => ({ scope: s, description: SCOPE_WORDS[s] ?? s })),
    expires_at: new Date(code.exp * 1000).toISOString(),
    teams: await teamsOf(who.userId),
  };
}

/**
 * An approval's grant: for a team of the approving user (404 otherwise), the requested API scopes
 * on the requested resource (and `offline_access` if asked), with our record of it (team, user,
 * client; Settings → Connected apps) and its event. Shared by device logins and consent.
 */
export async function grantForTeam(
  who: Approver,
  g: { teamId: string | undefined; clientId: string; resource: string; scopes: string[]; deviceIp: string | null; deviceAgent: string | null },
): Promise<{ grantId: string; team: { id: string; slug: string } }> {
  if (!g.teamId) throw invalid('team_id', 'Pick the team this app acts for.');
  const member = await db.teamMember.findFirst({
    where: { userId: who.userId, teamId: g.teamId },
    include: { team: { select: { id: true, slug: true } } },
  });
  if (!member) throw notFound('Team');
  const provider = await getProvider();
  const grant = new provider.Grant({ accountId: who.userId, clientId: g.clientId });
  grant.addResourceScope(g.resource, g.scopes.filter((s) => API_SCOPES.includes(s)).join(' '));
  if (g.scopes.includes('offline_access')) grant.addOIDCScope('offline_access');
  const grantId = await grant.save();
  await recordGrant(who, {
    id: grantId,
    teamId: member.team.id,
    userId: who.userId,
    clientId: g.clientId,
    clientName: await clientName(g.clientId),
    selfRegistered: g.clientId !== CLI_CLIENT_ID,
    scopes: g.scopes,
    deviceIp: g.deviceIp,
    deviceAgent: g.deviceAgent,
  });
  return { grantId, team: member.team };
}

/** Writes the decision onto the device code if it is still pending; false when it was not. */
async function decide(normalized: string, patch: Record<string, unknown>): Promise<boolean> {
  const rows = await sqlRows(
    `UPDATE oauth_models SET payload = payload || $1::jsonb
     WHERE kind = 'DeviceCode' AND user_code = $2 AND consumed_at IS NULL
       AND NOT (payload ? 'accountId') AND NOT (payload ? 'error') AND (payload->>'exp')::bigint > $3
     RETURNING id`,
    [JSON.stringify(patch), crypto.createHash('sha256').update(normalized).digest('hex'), Math.floor(Date.now() / 1000)],
  );
  return rows.length > 0;
}

export type DeviceDecision = { user_code: string; approved: boolean; team: { id: string; slug: string } | null; scopes: string[] };

/** Approves the code for one of the user's teams, or denies it. */
export async function decideDeviceRequest(
  who: Approver,
  input: { userCode: string; approve: boolean; teamId?: string },
): Promise<DeviceDecision> {
  await countAttempt(who);
  const code = await pendingCode(input.userCode);
  const stale = () => new ApiError('conflict', 'This sign-in was already approved, denied or has expired.');
  if (!input.approve) {
    if (!(await decide(code.normalized, { error: 'access_denied', errorDescription: 'The user denied the sign-in.' }))) throw stale();
    return { user_code: displayCode(code.normalized), approved: false, team: null, scopes: [] };
  }
  const { grantId, team } = await grantForTeam(who, {
    teamId: input.teamId,
    clientId: code.clientId,
    resource: code.resource,
    scopes: code.scopes,
    deviceIp: code.deviceInfo?.ip ?? null,
    deviceAgent: code.deviceInfo?.ua ?? null,
  });
  // The fields the library's device grant reads (mirrored from its own approval; the
  // openid-client test in tests/oauth.test.ts guards them across upgrades).
  const approved = await decide(code.normalized, {
    accountId: who.userId,
    grantId,
    scope: code.scopes.join(' '),
    resource: code.resource,
    authTime: Math.floor(Date.now() / 1000),
  });
  if (!approved) {
    await db.$transaction((tx) => deleteGrants(tx, [grantId]));
    throw stale();
  }
  return { user_code: displayCode(code.normalized), approved: true, team, scopes: code.scopes };
}
