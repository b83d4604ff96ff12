import { lifecycleStages, type LifecycleStage } from '../../../shared/lifecycle'
import type { PeopleQuery } from '../api/endpoints'
import { useAddressQuery } from '../layout/address-query'

export const pageSizes = [25, 50, 100] as const

export type PeopleSort = NonNullable<PeopleQuery['sort']>
const sorts: readonly PeopleSort[] = ['-createdAt', 'createdAt', 'fullName', '-fullName']

const whole = (text: string | null, fallback: number) => {
  const value = Number(text)
  return Number.isSafeInteger(value) && value >= 1 ? value : fallback
}

/** The query a people list's address says. */
function queryOf(params: URLSearchParams): PeopleQuery {
  const stage = params.get('lifecycleStage')
  const pageSize = whole(params.get('pageSize'), 25)
  return {
    q: params.get('q') ?? undefined,
    lifecycleStage: lifecycleStages.includes(stage as LifecycleStage)
      ? (stage as LifecycleStage)
      : undefined,
    ownerId: params.get('ownerId') ?? undefined,
    companyId: params.get('companyId') ?? undefined,
    tag: params.get('tag') ?? undefined,
    customField: params.get('customField') ?? undefined,
    sort: sorts.find((sort) => sort === params.get('sort')),
    page: whole(params.get('page'), 1),
    pageSize: pageSizes.includes(pageSize as 25) ? pageSize : 25,
  }
}

/**
 * The people table's search, filters, order and page live in the address (`/people?q=ana&page=2`), so
 * Back returns to the same page and a link shows the same list.
 */
export function usePeopleQuery() {
  const [params, change] = useAddressQuery()
  const query = queryOf(params)
  /** Changes some of the query; any change but the page goes back to page 1. */
  const update = (changes: Partial<PeopleQuery>) =>
    change(
      (latest) => {
        const next = { ...queryOf(latest), ...('page' in changes ? {} : { page: 1 }), ...changes }
        for (const key of [...latest.keys()]) latest.delete(key)
        for (const [key, value] of Object.entries(next)) {
          const isDefault = (key === 'page' && value === 1) || (key === 'pageSize' && value === 25)
          if (value !== undefined && value !== '' && !isDefault) latest.set(key, String(value))
        }
      },
      { replace: !('page' in changes) },
    )
  const filtered = Boolean(
    query.q ||
    query.lifecycleStage ||
    query.ownerId ||
    query.companyId ||
    query.tag ||
    query.customField,
  )
  return { query, update, filtered }
}
