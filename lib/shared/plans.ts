// The plans (DESIGN.md plans), in order from the smallest.
export const PLANS = ['free', 'pro', 'business', 'datarooms', 'datarooms-plus'] as const;
export type PlanName = (typeof PLANS)[number];
