import type { ComponentType } from 'react'

/**
 * A route whose page is loaded when first visited, so the first screen downloads only its own
 * code (docs/ui.md, "Loading"): `lazy: page(() => import('./people/people-page'), 'PeoplePage')`.
 */
export function page<M extends Record<N, ComponentType>, N extends string>(
  load: () => Promise<M>,
  name: N,
) {
  return async () => ({ Component: (await load())[name] })
}
