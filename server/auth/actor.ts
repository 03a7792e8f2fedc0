// Who is acting. Each face decides it before any procedure runs (the dashboard from the
// next-auth session, /v1 from the bearer token, the viewer from its signed link session);
// procedures and services only ever see the resulting actor.
import type { Scope } from '../../lib/shared/scopes';
import type { PlanName } from '../../lib/shared/plans';

export type TeamRole = 'admin' | 'manager' | 'member';

/** Where a request came from, as the audit log records it (each face fills it in). */
export type RequestInfo = { ipAddress: string | null; userAgent: string | null };

/** Work no person or token asked for over HTTP: the admin command, sweeps, the delivery poller. */
export type SystemActor = { kind: 'system'; teamId: string; name: string; request?: RequestInfo };

/** A signed-in team member acting through the dashboard: every scope of their team. */
export type UserActor = { kind: 'user'; userId: string; teamId: string; role: TeamRole; plan: PlanName; request?: RequestInfo };

/**
 * A bearer token of the team: a dashboard token (`via: 'dashboard'`, no user), or an OAuth access
 * token of a device login (`via: 'oauth'`), which acts for the user who approved it. `tokenId`
 * names its rate-limit budget: the dashboard token, or the OAuth grant (a refresh keeps it).
 */
export type TokenActor = {
  kind: 'token';
  teamId: string;
  tokenId: string;
  scopes: ReadonlySet<Scope>;
  plan: PlanName;
  via: 'dashboard' | 'oauth';
  /** The approving user (OAuth), else null. */
  userId: string | null;
  /** The stored scope list as granted (presets not expanded). */
  granted: string[];
  /** Unix ms when the token stops working; null for dashboard tokens. */
  expiresAt: number | null;
  /** The team's IP allow list (empty: any address), checked by the face before any procedure. */
  ipAllowList?: string[];
  request?: RequestInfo;
};

/** Anyone acting for a team. */
export type Actor = TokenActor | UserActor;

/** Prisma names the enum value datarooms_plus; the product and the API say datarooms-plus. */
export const planName = (p: string): PlanName => (p === 'datarooms_plus' ? 'datarooms-plus' : p) as PlanName;

/**
 * An outside visitor acting through the viewer face: one link, one viewer session (the cookie),
 * and the visitor record when an email was given. Never a team member, never a token: the
 * viewer's services take this actor and the team services never do.
 */
export type ViewerActor = {
  kind: 'viewer';
  linkId: string;
  teamId: string;
  sessionId: string;
  visitorId: string | null;
  email: string | null;
  /** The session proved `email` (a one-time code); a typed address is not. */
  emailVerified: boolean;
  request?: RequestInfo;
};
