import { useState } from 'react'

const none: ReadonlySet<string> = new Set()

/**
 * The rows ticked for a bulk action, for one view of a list (`view`: its filters, sort and page).
 * Another view starts with none ticked, so a bulk delete never reaches a row the user can no
 * longer see.
 */
export function useSelection(view: string) {
  const [state, setState] = useState({ view, ids: none })
  // Set while rendering, as React allows for state that follows a prop: coming back to the first
  // view must not tick its rows again.
  if (state.view !== view) setState({ view, ids: none })
  const selected = state.view === view ? state.ids : none
  const select = (ids: ReadonlySet<string>) => setState({ view, ids })
  return {
    selected,
    toggle(id: string) {
      const next = new Set(selected)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      select(next)
    },
    /** Ticks every row of `page`, or none when all of them are ticked already. */
    toggleAll(page: readonly string[]) {
      select(page.length > 0 && page.every((id) => selected.has(id)) ? none : new Set(page))
    },
    clear: () => select(none),
  }
}
