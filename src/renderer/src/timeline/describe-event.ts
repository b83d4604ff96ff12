import type { TimelineEvent } from '../api/types'
import { i18next } from '../i18n/i18n'
import { lifecycleStages, type LifecycleStage } from '../../../shared/lifecycle'

export interface Names {
  stage(id: string): string | undefined
  lostReason(id: string): string | undefined
  user(id: string): string | undefined
  /** The people and companies the timeline's changes point at (the server names them). */
  person(id: string): string | undefined
  company(id: string): string | undefined
}

// The fields a change can name, each with its label in the timeline catalogue.
const labelledFields = [
  'title',
  'value',
  'currency',
  'ownerId',
  'expectedCloseDate',
  'primaryPersonId',
  'primaryCompanyId',
  'tags',
  'fullName',
  'primaryEmail',
  'primaryPhone',
  'companyId',
  'lifecycleStage',
  'leadSource',
  'customFields',
] as const

const fieldLabel = (field: string) =>
  (labelledFields as readonly string[]).includes(field)
    ? i18next.t(`timeline:fields.${field as (typeof labelledFields)[number]}`)
    : field

// A stage move is told by its own deal.stage_changed event; these fields change with it.
const stageFields = new Set(['stageId', 'closedAt', 'lostReasonId'])

interface Data {
  object?: Record<string, unknown>
  previous?: Record<string, unknown>
  changes?: string[]
  tag?: string
}

const lifecycle = (value: unknown) =>
  typeof value !== 'string'
    ? i18next.t('timeline:change.noLifecycle')
    : lifecycleStages.includes(value as LifecycleStage)
      ? i18next.t(`people:lifecycle.${value as LifecycleStage}`)
      : value

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

/** A link to a person or a company, by its name: '—' for none, undefined for one not known. */
function linkedName(field: string, value: unknown, names: Names): string | undefined {
  if (typeof value !== 'string') return '—'
  return field === 'primaryPersonId' ? names.person(value) : names.company(value)
}

/** One field's change: its old and new value where they read as they are, else its name. */
function describeChange(
  field: string,
  previous: Record<string, unknown>,
  object: Record<string, unknown>,
  names: Names,
): string {
  const label = fieldLabel(field)
  if (field === 'lifecycleStage') {
    return i18next.t('timeline:change.lifecycle', {
      before: lifecycle(previous.lifecycleStage),
      after: lifecycle(object.lifecycleStage),
    })
  }
  if (field === 'ownerId') {
    const owner = typeof object.ownerId === 'string' ? names.user(object.ownerId) : undefined
    return owner
      ? i18next.t('timeline:change.owner', { name: owner })
      : i18next.t('timeline:change.ownerRemoved')
  }
  if (field === 'companyId' || field === 'primaryCompanyId' || field === 'primaryPersonId') {
    const before = linkedName(field, previous[field], names)
    const after = linkedName(field, object[field], names)
    // A record deleted since has no name to give: the line says only what changed.
    if (before !== undefined && after !== undefined) {
      return i18next.t('timeline:change.shown', { field: capitalized(label), before, after })
    }
  }
  if (shownValues.has(field)) {
    return i18next.t('timeline:change.shown', {
      field: capitalized(label),
      before: shown(previous[field]),
      after: shown(object[field]),
    })
  }
  return i18next.t('timeline:change.other', { field: label })
}

/** Who or what made a change, as the timeline says it: "by Sync script". */
export function describeActor(actor: TimelineEvent['actor']): string | null {
  if (!actor) return null
  switch (actor.kind) {
    case 'token':
      return actor.name == null
        ? i18next.t('timeline:actor.apiToken')
        : i18next.t('timeline:actor.named', { name: actor.name })
    case 'ui':
      return i18next.t('timeline:actor.ui')
    case 'user':
      return i18next.t('timeline:actor.named', { name: actor.name ?? '' })
    case 'inbound':
      return actor.name
        ? i18next.t('timeline:actor.webhook', { name: actor.name })
        : i18next.t('timeline:actor.webhookUnnamed')
    case 'import':
      return i18next.t('timeline:actor.import')
    case 'system':
      return i18next.t('timeline:actor.named', { name: actor.name ?? 'Outpost' })
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
      return i18next.t('timeline:event.created', {
        stage: stageName(object.stageId) ?? i18next.t('timeline:event.firstStage'),
      })
    case 'deal.stage_changed':
      return i18next.t('timeline:event.moved', {
        from: stageName(previous.stageId) ?? i18next.t('timeline:event.anotherStage'),
        to: stageName(object.stageId) ?? i18next.t('timeline:event.newStage'),
      })
    case 'deal.won':
      return i18next.t('timeline:event.won')
    case 'deal.lost': {
      const reason =
        typeof object.lostReasonId === 'string' ? names.lostReason(object.lostReasonId) : undefined
      return reason
        ? i18next.t('timeline:event.lostWithReason', { reason })
        : i18next.t('timeline:event.lost')
    }
    case 'deal.deleted':
      return i18next.t('timeline:event.deleted')
    case 'person.deleted':
      return i18next.t('timeline:event.personDeleted')
    case 'person.created':
      return i18next.t('timeline:event.personCreated')
    case 'person.tag_added':
      return i18next.t('timeline:event.tagged', { tag: data.tag ?? '' })
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
