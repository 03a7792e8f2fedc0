// Procedures for dashboard-only routers. They never carry `openapi` meta, and they refuse any
// actor that is not a signed-in member acting through the dashboard, whatever face calls them.
import { ApiError } from '../../errors';
import { userProcedure } from '../../trpc';

export { userProcedure };

/** A signed-in user acting on their selected team (ctx.actor is the membership). */
export const memberProcedure = userProcedure.use(({ ctx, next }) => {
  const actor = ctx.actor;
  if (!actor || actor.kind !== 'user') throw new ApiError('forbidden', 'Create or join a team first.');
  return next({ ctx: { ...ctx, actor } });
});
