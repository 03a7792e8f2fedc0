// Plan caps on how many of a thing a team may have (brands, webhook endpoints, custom fields on a
// link): one refusal, worded one way. Field-level gating lives with the resource that has it
// (services/branding/settings.ts).
import { ApiError } from '../errors';
import type { Actor } from './actor';
import { PLANS, type PlanName } from '../../lib/shared/plans';

type Cap = {
  /** The feature named in `details.feature`. */
  feature: string;
  /** The thing counted, singular and plural: "webhook endpoint", "webhook endpoints". */
  noun: [string, string];
  caps: Record<PlanName, number>;
  /** What the team would have: the count now (a create adds one) or asked for. */
  wanted: number;
  /** How the count is said: "the team has N" (a team-wide count) or "asks for N" (one request's). */
  counted?: 'has' | 'asks';
  fields?: string[];
};

/** The plans whose cap allows `wanted`. */
export const plansAllowing = (caps: Record<PlanName, number>, wanted: number): PlanName[] => PLANS.filter((p) => caps[p] >= wanted);

/** 403 plan_restriction when the actor's plan allows fewer than `wanted`; names the plans that allow it. */
export function assertWithinCap(actor: Actor, c: Cap): void {
  const limit = c.caps[actor.plan];
  if (c.wanted <= limit) return;
  const plans = plansAllowing(c.caps, c.wanted);
  const [one, many] = c.noun;
  const has = c.counted === 'asks' ? `this asks for ${c.wanted}` : `the team has ${c.wanted - 1}`;
  const includes = `The ${actor.plan} plan includes ${limit} ${limit === 1 ? one : many} and ${has}`;
  const message =
    limit === 0
      ? plans.length
        ? `The ${actor.plan} plan includes no ${many}; ${plans.join(', ')} ${plans.length === 1 ? 'does' : 'do'}.`
        : `No plan includes ${many}.`
      : plans.length
        ? `${includes}; the ${plans.length === 1 ? 'plan' : 'plans'} ${plans.join(', ')} ${plans.length === 1 ? 'allows' : 'allow'} more.`
        : c.counted === 'asks'
          ? `${includes}; no plan allows that many.`
          : `${includes}, the most any plan allows; delete one to add another.`;
  throw new ApiError('plan_restriction', message, {
    feature: c.feature,
    ...(c.fields ? { fields: c.fields } : {}),
    current_plan: actor.plan,
    usage: c.counted === 'asks' ? c.wanted : c.wanted - 1,
    limit,
    plans,
  });
}
