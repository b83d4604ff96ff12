import type { LifecycleStage } from '../../../shared/lifecycle'

export const lifecycleLabels: Record<LifecycleStage, string> = {
  lead: 'Lead',
  marketing_qualified: 'Marketing qualified',
  sales_qualified: 'Sales qualified',
  opportunity: 'Opportunity',
  customer: 'Customer',
  evangelist: 'Evangelist',
}

/** Initials for an avatar: "Ana Souza" -> "AS". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/)
  const first = parts[0]?.[0] ?? ''
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : ''
  return (first + last).toUpperCase()
}
