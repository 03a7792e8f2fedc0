// SSO and SCIM come with the business plan and up (DESIGN.md "Team security").
import { ApiError } from '../errors';
import type { PlanName } from '../../lib/shared/plans';
import { plansAllowing } from './plans';

const CAPS: Record<PlanName, number> = { free: 0, pro: 0, business: 1, datarooms: 1, 'datarooms-plus': 1 };

export const hasEnterpriseSignIn = (plan: PlanName): boolean => CAPS[plan] > 0;
export const enterprisePlans = (): PlanName[] => plansAllowing(CAPS, 1);

/** 403 plan_restriction (feature `sso`) below business. */
export function assertEnterprisePlan(plan: PlanName, what: 'SAML single sign-on' | 'SCIM provisioning'): void {
  if (hasEnterpriseSignIn(plan)) return;
  throw new ApiError('plan_restriction', `The ${plan} plan does not include ${what}; ${enterprisePlans().join(', ')} do.`, {
    feature: what === 'SCIM provisioning' ? 'scim' : 'sso',
    current_plan: plan,
    plans: enterprisePlans(),
  });
}
