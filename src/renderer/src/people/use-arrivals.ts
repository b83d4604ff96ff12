import { useState } from 'react'

/**
 * The ids that were not in the list the last time it was shown, within one list (same search,
 * filters and page): people who arrived while it was open, from a script or an inbound webhook.
 */
export function useArrivals(listKey: string, ids: readonly string[] | undefined): Set<string> {
  const [seen, setSeen] = useState({ listKey, ids, known: null as Set<string> | null })
  if (seen.ids !== ids) {
    const known =
      seen.listKey === listKey && seen.ids ? new Set([...(seen.known ?? []), ...seen.ids]) : null
    setSeen({ listKey, ids, known })
  }
  const { known } = seen
  return new Set(known && ids ? ids.filter((id) => !known.has(id)) : [])
}
