/** A person's position in the funnel, in funnel order. Any move between them is allowed. */
export const lifecycleStages = [
  'lead',
  'marketing_qualified',
  'sales_qualified',
  'opportunity',
  'customer',
  'evangelist',
] as const

export type LifecycleStage = (typeof lifecycleStages)[number]
