import type { InboundObjectType, MappingValue } from '../../api/types'

// The fields a mapping can fill (src/shared/mapping-targets.ts): a person's, plus a deal's for
// deal webhooks, plus any custom field as `customFields.<key>`, plus a note and a task.
import {
  customFieldPrefix,
  dealMappingTargets,
  personMappingTargets,
  workMappingTargets,
  type DealTarget,
  type PersonTarget,
  type WorkTarget,
} from '../../../../shared/mapping-targets'

export { customFieldPrefix }
export const customTarget = '__custom'

export type MappingTarget = PersonTarget | DealTarget | WorkTarget

/**
 * Each target's label in the `inbound` catalogue, by its field key (the shared list's words are
 * English, for the server): a target added there without a label here fails the type check.
 */
export const targetLabels = {
  fullName: 'targets.fullName',
  primaryEmail: 'targets.primaryEmail',
  primaryPhone: 'targets.primaryPhone',
  companyId: 'targets.companyId',
  ownerId: 'targets.ownerId',
  lifecycleStage: 'targets.lifecycleStage',
  leadSource: 'targets.leadSource',
  tags: 'targets.tags',
  title: 'targets.title',
  value: 'targets.value',
  currency: 'targets.currency',
  pipelineId: 'targets.pipelineId',
  stageId: 'targets.stageId',
  expectedCloseDate: 'targets.expectedCloseDate',
  note: 'targets.note',
  task: 'targets.task',
} as const satisfies { [Target in MappingTarget]: `targets.${Target}` }

export type TargetLabel = (typeof targetLabels)[MappingTarget]

const labelled = (targets: readonly (readonly [MappingTarget, string])[]) =>
  targets.map(([target]) => [target, targetLabels[target]] as const)

/** The targets a webhook creating `objectType` offers, each with its label's catalogue key. */
export function targetsFor(
  objectType: InboundObjectType,
): readonly (readonly [MappingTarget, TargetLabel])[] {
  return objectType === 'deal'
    ? labelled([...dealMappingTargets, ...personMappingTargets, ...workMappingTargets])
    : labelled([...personMappingTargets, ...workMappingTargets])
}

/** Fields that take a list: several templates, written here separated by commas. */
export const listTargets = new Set(['tags'])

export interface MappingRow {
  target: string
  customKey: string
  value: string
}

/** A stored mapping as editable rows. */
export function toRows(mapping: Record<string, MappingValue>): MappingRow[] {
  return Object.entries(mapping).map(([target, value]) => {
    const custom = target.startsWith(customFieldPrefix)
    return {
      target: custom ? customTarget : target,
      customKey: custom ? target.slice(customFieldPrefix.length) : '',
      value: Array.isArray(value) ? value.join(', ') : String(value),
    }
  })
}

/** Editable rows as the mapping the server takes; empty rows are left out. */
export function toMapping(rows: readonly MappingRow[]): Record<string, MappingValue> {
  const mapping: Record<string, MappingValue> = {}
  for (const row of rows) {
    const target =
      row.target === customTarget ? customFieldPrefix + row.customKey.trim() : row.target
    if (!target || target === customFieldPrefix || row.value.trim() === '') continue
    mapping[target] = listTargets.has(target)
      ? row.value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : row.value
  }
  return mapping
}

/** A sample payload with every placeholder of the mapping, for the "try it" box. */
export function samplePayload(mapping: Record<string, MappingValue>): Record<string, unknown> {
  const sample: Record<string, unknown> = {}
  const text = JSON.stringify(mapping)
  for (const match of text.matchAll(/\{\{\s*([A-Za-z0-9_$-]+)/g)) {
    const name = match[1]!
    if (!(name in sample))
      sample[name] = name.toLowerCase().includes('mail') ? 'ana@example.com' : ''
  }
  return sample
}
