import type { TimelineEvent } from '../api/types'
import { lifecycleLabels } from '../format/labels'
import type { LifecycleStage } from '../../../shared/lifecycle'

export interface Names {
  stage(id: string): string | undefined
  lostReason(id: string): string | undefined
  user(id: string): string | undefined
}

const fieldLabels: Record<string, string> = {
  title: 'title',
  value: 'value',
  currency: 'currency',
  ownerId: 'owner',
  expectedCloseDate: 'expected close date',
  primaryPersonId: 'person',
  primaryCompanyId: 'company',
  tags: 'tags',
  fullName: 'name',
  primaryEmail: 'e-mail',
  primaryPhone: 'phone',
  companyId: 'company',
  lifecycleStage: 'lifecycle stage',
  leadSource: 'lead source',
  customFields: 'custom fields',
}

// A stage move is told by its own deal.stage_changed event; these fields change with it.
const stageFields = new Set(['stageId', 'closedAt', 'lostReasonId'])

interface Data {
  object?: Record<string, unknown>
  previous?: Record<string, unknown>
  changes?: string[]
  tag?: string
}

const lifecycle = (value: unknown) =>
  typeof value === 'string' ? (lifecycleLabels[value as LifecycleStage] ?? value) : 'none'

// Fields whose values read as they are: a change shows the value before and after.
const shownValues = new Set([
  ...['title', 'value', 'currency', 'expectedCloseDate', 'tags'],
  ...['fullName', 'primaryEmail', 'primaryPhone', 'leadSource'],
])

const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : Array.isArray(value)
      ? value.length === 0
        ? '—'
        : value.join(', ')
      : String(value)

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** One field's change: its old and new value where they read as they are, else its name. */
function describeChange(
  field: string,
  previous: Record<string, unknown>,
  object: Record<string, unknown>,
  names: Names,
): string {
  const label = fieldLabels[field] ?? field
  if (field === 'lifecycleStage') {
    return `Lifecycle stage: ${lifecycle(previous.lifecycleStage)} → ${lifecycle(object.lifecycleStage)}`
  }
  if (field === 'ownerId') {
    const owner = typeof object.ownerId === 'string' ? names.user(object.ownerId) : undefined
    return owner ? `Owner: ${owner}` : 'Owner removed'
  }
  if (shownValues.has(field)) {
    return `${capitalized(label)}: ${shown(previous[field])} → ${shown(object[field])}`
  }
  return `Changed ${label}`
}

/** Who or what made a change, as the timeline says it: "by Sync script". */
export function describeActor(actor: TimelineEvent['actor']): string | null {
  if (!actor) return null
  switch (actor.kind) {
    case 'token':
      return `by ${actor.name ?? 'an API token'}`
    case 'ui':
      return 'in the app'
    case 'inbound':
      return `by webhook ${actor.name ?? ''}`.trim()
    case 'import':
      return 'by a CSV import'
    case 'system':
      return `by ${actor.name ?? 'Outpost'}`
  }
}

/** One line of a timeline, or null for an event another line already tells. */
export function describeEvent(event: TimelineEvent, names: Names): string | null {
  const data = event.data as Data
  const object = data.object ?? {}
  const previous = data.previous ?? {}
  const stageName = (id: unknown) => (typeof id === 'string' ? names.stage(id) : undefined)
  switch (event.type) {
    case 'deal.created':
      return `Created in ${stageName(object.stageId) ?? 'its first stage'}`
    case 'deal.stage_changed':
      return `Moved from ${stageName(previous.stageId) ?? 'another stage'} to ${stageName(object.stageId) ?? 'a new stage'}`
    case 'deal.won':
      return 'Won'
    case 'deal.lost': {
      const reason =
        typeof object.lostReasonId === 'string' ? names.lostReason(object.lostReasonId) : undefined
      return reason ? `Lost: ${reason}` : 'Lost'
    }
    case 'deal.deleted':
    case 'person.deleted':
      return 'Deleted'
    case 'person.created':
      return 'Created'
    case 'person.tag_added':
      return `Tagged “${data.tag ?? ''}”`
    case 'deal.updated':
    case 'person.updated': {
      const changes = (data.changes ?? []).filter(
        (field) => !(event.type === 'deal.updated' && stageFields.has(field)),
      )
      if (changes.length === 0) return null
      return changes.map((field) => describeChange(field, previous, object, names)).join('; ')
    }
    default:
      // Activities and notes have their own lines in the timeline, read from their own lists.
      return null
  }
}
