import type { OutpostEvent } from '../../../shared/events'

type Key = readonly unknown[]

interface Linked {
  id?: string
  primaryPersonId?: string | null
  primaryCompanyId?: string | null
  companyId?: string | null
}

/** A company page shows its deals, people, totals and their history: each company linked. */
const companyKeys = (object: Linked, previous: Linked): Key[] =>
  [object.primaryCompanyId, previous.primaryCompanyId, object.companyId, previous.companyId]
    .filter((companyId): companyId is string => typeof companyId === 'string')
    .map((companyId) => ['company', companyId])

/** The cached queries an event makes stale. */
export function staleKeysFor(event: OutpostEvent): Key[] {
  const object = (event.data.object ?? {}) as Linked
  const previous = (event.data.previous ?? {}) as Linked
  const id = object.id
  // Activities, notes and reminders: every list of them, My work and its badge.
  if (/^(activity|note|reminder)\./.test(event.type)) return [['work']]
  if (event.type.startsWith('deal.')) {
    const keys: Key[] = [['board']]
    if (id) keys.push(['deal', id])
    for (const personId of [object.primaryPersonId, previous.primaryPersonId]) {
      if (personId) keys.push(['person', personId, 'deals'])
    }
    return [...keys, ...companyKeys(object, previous)]
  }
  const keys: Key[] = [['people'], ...companyKeys(object, previous)]
  if (id) keys.push(['person', id])
  // Cards on the board show the person's name.
  if (event.type === 'person.deleted' || event.data.changes?.includes('fullName')) {
    keys.push(['board'])
  }
  return keys
}
