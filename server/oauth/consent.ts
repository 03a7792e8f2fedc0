// Consent to an authorization-code request (MCP clients, issue 25): the provider sends the browser
// to our consent page (/authorize/{uid}); the signed-in user sees the client (always unverified:
// only self-registered clients use this grant), where the browser will be sent back, the resource
// and the scopes in plain words, picks a team and approves or denies. The decision is bound to the
// browser that started the request: it must carry the provider's signed interaction cookie.
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { db } from '../db/client';
import { sqlRows } from '../db/sql';
import { ApiError } from '../errors';
import { deleteGrants } from '../services/connected-apps';
import { clientName, grantForTeam, teamsOf, type Approver, type ApprovingTeam } from './approval';
import { apiResource, getProvider, mcpResource } from './provider';
import { CLI_CLIENT_ID, INTERACTION_COOKIE, SCOPE_WORDS } from './settings';

export type AuthorizationRequestView = {
  uid: string;
  client_id: string;
  client_name: string;
  verified_client: boolean;
  /** Where the browser goes back to with the code: shown so the user can tell a phishing request. */
  redirect_uri: string;
  /** The resource the token is for, and its name in plain words. */
  resource: string;
  resource_name: string;
  scopes: { scope: string; description: string }[];
  expires_at: string;
  teams: ApprovingTeam[];
};

export type AuthorizationDecision = { approved: boolean; team: { id: string; slug: string } | null; scopes: string[]; redirect_to: string };

type Pending = {
  uid: string;
  clientId: string;
  redirectUri: string;
  resource: string;
  scopes: string[];
  exp: number;
  returnTo: string;
};

const gone = () =>
  new ApiError('not_found', 'This authorization request has expired or was already decided. Start again from the app that asked for access.');

/**
 * The pending interaction the browser's cookie names, which must be `uid`. The provider itself
 * reads the (signed) cookie, from a bare request carrying only the browser's Cookie header.
 */
async function pendingInteraction(uid: string, cookieHeader: string | undefined): Promise<Pending> {
  const provider = await getProvider();
  const req = { headers: { cookie: cookieHeader ?? '' }, url: '/', method: 'GET', socket: {} } as unknown as IncomingMessage;
  const interaction = await provider.interactionDetails(req, {} as ServerResponse).catch(() => null);
  // The cookie names this request but it is gone (decided, or expired): say so.
  if (!interaction && new RegExp(`(?:^|;\\s*)${INTERACTION_COOKIE}=${uid}(?:;|$)`).test(cookieHeader ?? '')) throw gone();
  if (!interaction || interaction.uid !== uid) {
    throw new ApiError('forbidden', 'Open this page from the app that asked for access, in the same browser: this browser did not start the request.');
  }
  if (interaction.result || interaction.prompt?.name !== 'consent') throw gone();
  const params = interaction.params as { client_id?: string; redirect_uri?: string; scope?: string; resource?: string | string[] };
  const resource = Array.isArray(params.resource) ? params.resource[0] : params.resource;
  return {
    uid,
    clientId: String(params.client_id),
    redirectUri: String(params.redirect_uri),
    resource: resource ?? apiResource(),
    scopes: (params.scope ?? '').split(' ').filter(Boolean),
    exp: interaction.exp,
    returnTo: interaction.returnTo,
  };
}

const resourceName = (resource: string) => (resource === mcpResource() ? 'Quire for AI agents (MCP)' : 'The Quire API');

/** The request behind the consent page. */
export async function describeAuthorizationRequest(who: Approver, uid: string, cookieHeader: string | undefined): Promise<AuthorizationRequestView> {
  const p = await pendingInteraction(uid, cookieHeader);
  return {
    uid,
    client_id: p.clientId,
    client_name: await clientName(p.clientId),
    verified_client: p.clientId === CLI_CLIENT_ID,
    redirect_uri: p.redirectUri,
    resource: p.resource,
    resource_name: resourceName(p.resource),
    scopes: p.scopes.map((s) => ({ scope: s, description: SCOPE_WORDS[s] ?? s })),
    expires_at: new Date(p.exp * 1000).toISOString(),
    teams: await teamsOf(who.userId),
  };
}

/**
 * Writes the decision onto the interaction if it is still undecided; false when it was not. The
 * provider's own browser session (if an earlier request left one) is dropped: the dashboard's
 * session is the only one, so the provider must take the account from this decision.
 */
async function decide(uid: string, result: Record<string, unknown>): Promise<boolean> {
  const id = crypto.createHash('sha256').update(uid).digest('hex');
  const rows = await sqlRows<{ session: string | null }>(
    `WITH before AS (SELECT payload->'session'->>'uid' AS session FROM oauth_models WHERE kind = 'Interaction' AND id = $2)
     UPDATE oauth_models SET payload = (payload - 'session') || $1::jsonb
     WHERE kind = 'Interaction' AND id = $2 AND NOT (payload ? 'result') AND (payload->>'exp')::bigint > $3
     RETURNING (SELECT session FROM before) AS session`,
    [JSON.stringify({ result }), id, Math.floor(Date.now() / 1000)],
  );
  if (!rows.length) return false;
  if (rows[0].session) await sqlRows(`DELETE FROM oauth_models WHERE kind = 'Session' AND uid = $1`, [rows[0].session]);
  return true;
}

/** Approves the request for one of the user's teams, or denies it; the browser then goes to `redirect_to`. */
export async function decideAuthorizationRequest(
  who: Approver,
  input: { uid: string; approve: boolean; teamId?: string },
  cookieHeader: string | undefined,
): Promise<AuthorizationDecision> {
  const p = await pendingInteraction(input.uid, cookieHeader);
  const stale = () => new ApiError('conflict', 'This authorization was already approved, denied or has expired.');
  if (!input.approve) {
    if (!(await decide(p.uid, { error: 'access_denied', error_description: 'The user denied access.' }))) throw stale();
    return { approved: false, team: null, scopes: [], redirect_to: p.returnTo };
  }
  const { grantId, team } = await grantForTeam(who, {
    teamId: input.teamId,
    clientId: p.clientId,
    resource: p.resource,
    scopes: p.scopes,
    // Where it was approved from (the agent runs on that machine, or reached it over its redirect).
    deviceIp: who.request?.ipAddress ?? null,
    deviceAgent: who.request?.userAgent ?? null,
  });
  const approved = await decide(p.uid, { login: { accountId: who.userId, remember: false }, consent: { grantId } });
  if (!approved) {
    await db.$transaction((tx) => deleteGrants(tx, [grantId]));
    throw stale();
  }
  return { approved: true, team, scopes: p.scopes, redirect_to: p.returnTo };
}
