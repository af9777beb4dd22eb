/** Reading-speed plans of PRODUCT.md §9; the stored `rso` value is the plan id. */
export const PLANS = [
  { id: 'full-text', name: 'No Compression', maxCharsPerSecond: null },
  { id: '20', name: 'Minimal', maxCharsPerSecond: 20, recommended: true },
  { id: '17', name: 'Moderate', maxCharsPerSecond: 17 },
  { id: '15', name: 'Maximum', maxCharsPerSecond: 15 },
] as const;

export type PlanId = (typeof PLANS)[number]['id'];
export const PLAN_IDS = PLANS.map((plan) => plan.id) as [PlanId, ...PlanId[]];
export const DEFAULT_PLAN: PlanId = 'full-text';
