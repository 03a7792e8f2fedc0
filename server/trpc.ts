// tRPC: one set of procedures for the dashboard (session) and /v1 (bearer tokens). The face
// decides how the actor was authenticated; procedures only check the actor's team and scope.
import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError } from 'zod';
import type { Actor, RequestInfo } from './auth/actor';
import type { SessionInfo } from './auth/prisma-adapter';
import type { Scope } from '../lib/shared/scopes';
import { requireScope } from './auth/require-scope';
import { twoFactorPendingRefusal } from './auth/team-guards';
import { ApiError, type ErrorCode } from './errors';
import { BUSY_RETRY_AFTER_SECONDS, DATABASE_RETRY_AFTER_SECONDS, databaseBusy, databaseUnavailable } from './db/unavailable';
import type { RateLimitBucket } from './ratelimit';
import type { PlanName } from '../lib/shared/plans';

export type Context = {
  face: 'rest' | 'dashboard';
  /** The signed-in user (dashboard), whether or not a team is selected. */
  user: { id: string; email: string; session?: SessionInfo } | null;
  actor: Actor | null;
  /** Public origin of the request (for URLs handed out, like upload URLs); APP_URL when unset. */
  origin?: string;
  /** The client's address (dashboard), for per-address limits. */
  address?: string;
  /** Where the request came from, for the audit log (dashboard; /v1 keeps it on the token's actor). */
  request?: RequestInfo;
  /** The request's Cookie header (dashboard): the OAuth consent is bound to the issuer's interaction cookie. */
  cookies?: string;
  /** Dashboard: signed in with the magic link, second factor not yet proven (only the two-factor step may run). */
  twoFactorPending?: boolean;
  /** Dashboard: why the selected team refused this request (its IP allow list, its two-factor rule). */
  teamRefusal?: ApiError;
  refusedTeamId?: string;
};

export type Meta = OpenApiMeta<{ scope?: Scope; status?: 201 | 202; bucket?: RateLimitBucket }>;

const TRPC_CODE: Record<ErrorCode, TRPC_ERROR_CODE_KEY> = {
  bad_request: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  plan_restriction: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payload_too_large: 'PAYLOAD_TOO_LARGE',
  unprocessable_entity: 'UNPROCESSABLE_CONTENT',
  rate_limit_exceeded: 'TOO_MANY_REQUESTS',
  internal_server_error: 'INTERNAL_SERVER_ERROR',
  service_unavailable: 'SERVICE_UNAVAILABLE',
};

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const api = error.cause instanceof ApiError ? error.cause : null;
      const zod = error.cause instanceof ZodError ? error.cause : null;
      return {
        ...shape,
        message: error.code === 'INTERNAL_SERVER_ERROR' && !api ? 'Something went wrong on our side.' : shape.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          apiError: api ? { code: api.code, details: api.details } : null,
          fieldErrors: zod ? zod.flatten().fieldErrors : null,
        },
      };
    },
  });

/** Domain errors become tRPC errors of the matching class, keeping the ApiError as the cause. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && databaseBusy(result.error.cause)) {
    const api = new ApiError('rate_limit_exceeded', 'Too many concurrent changes right now; retry in a moment.', { retry_after_seconds: BUSY_RETRY_AFTER_SECONDS });
    return { ...result, error: new TRPCError({ code: 'TOO_MANY_REQUESTS', message: api.message, cause: api }) };
  }
  if (!result.ok && databaseUnavailable(result.error.cause ?? result.error)) {
    const api = new ApiError('service_unavailable', 'The service cannot reach its database for a moment; retry in a few seconds.', { retry_after_seconds: DATABASE_RETRY_AFTER_SECONDS });
    return { ...result, error: new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: api.message, cause: api }) };
  }
  if (!result.ok && result.error.cause instanceof ApiError) {
    const api = result.error.cause;
    return { ...result, error: new TRPCError({ code: TRPC_CODE[api.code], message: api.message, cause: api }) };
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(mapErrors);

/** A dashboard session, second factor proven or still owed: the two-factor step only. */
export const signInProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.face !== 'dashboard' || !ctx.user) throw new ApiError('unauthorized', 'Sign in to continue.');
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** A signed-in dashboard user, with or without a selected team. */
export const userProcedure = signInProcedure.use(({ ctx, next }) => {
  if (ctx.twoFactorPending) throw twoFactorPendingRefusal();
  return next();
});

/** A signed-in user acting on their selected team (dashboard only; ctx.actor is the membership). */
export const memberProcedure = userProcedure.use(({ ctx, next }) => {
  const actor = ctx.actor;
  if (ctx.teamRefusal) throw ctx.teamRefusal;
  if (!actor || actor.kind !== 'user') throw new ApiError('forbidden', 'Create or join a team first.');
  return next({ ctx: { ...ctx, actor } });
});

/** Any valid bearer token of /v1, whatever its scopes (GET /v1/me). */
export const tokenProcedure = publicProcedure.use(({ ctx, next }) => {
  const actor = ctx.actor;
  if (!actor || actor.kind !== 'token') throw new ApiError('unauthorized', 'Missing or invalid credentials.');
  return next({ ctx: { ...ctx, actor } });
});

export type TeamProcedureOptions = {
  /** The rate-limit budget of the operation on /v1 (default: the general one). */
  bucket?: RateLimitBucket;
};

/**
 * An operation on the actor's team that needs `scope`. Tokens must hold the scope (403
 * otherwise); dashboard members act with every scope of their team, admin-only actions check
 * the role themselves. The options travel in the procedure's meta, where the /v1 facade reads
 * the bucket before it counts the request.
 */
export function teamProcedure(scope: Scope, options: TeamProcedureOptions = {}) {
  return publicProcedure.meta({ scope, bucket: options.bucket }).use(({ ctx, next }) => {
    const actor = ctx.actor;
    if (!actor && ctx.twoFactorPending) throw twoFactorPendingRefusal();
    if (!actor && ctx.teamRefusal) throw ctx.teamRefusal;
    if (!actor) throw new ApiError('unauthorized', 'Missing or invalid credentials.');
    requireScope(actor, scope);
    return next({ ctx: { ...ctx, actor } });
  });
}
