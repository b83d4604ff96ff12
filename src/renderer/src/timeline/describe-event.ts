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
      if (changes.length === 1 && changes[0] === 'lifecycleStage') {
        return `Lifecycle stage: ${lifecycle(previous.lifecycleStage)} → ${lifecycle(object.lifecycleStage)}`
      }
      if (changes.length === 1 && changes[0] === 'ownerId') {
        const owner = typeof object.ownerId === 'string' ? names.user(object.ownerId) : undefined
        return owner ? `Owner: ${owner}` : 'Owner removed'
      }
      return `Changed ${changes.map((field) => fieldLabels[field] ?? field).join(', ')}`
    }
    default:
      // Activities and notes have their own lines in the timeline, read from their own lists.
      return null
  }
}
