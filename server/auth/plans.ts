// Plan gating of whole operations (field-level gating lives with the resource that has it).
import { ApiError } from '../errors';
import type { Actor } from './actor';
import type { PlanName } from '../../lib/shared/plans';

export function requirePlan(actor: Actor, feature: string, plans: readonly PlanName[]) {
  if (plans.includes(actor.plan)) return;
  throw new ApiError('plan_restriction', `The ${feature} feature is not included in the ${actor.plan} plan; it needs one of: ${plans.join(', ')}.`, {
    feature,
    current_plan: actor.plan,
    plans: [...plans],
  });
}
