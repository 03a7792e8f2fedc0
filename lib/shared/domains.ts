// Custom domains a plan includes (DESIGN.md "Custom domains (white label)"): the service's cap and the dashboard's note.
import type { PlanName } from './plans';

export const DOMAIN_CAPS: Record<PlanName, number> = { free: 0, pro: 0, business: 1, datarooms: 5, 'datarooms-plus': 25 };
