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

/** The target that takes an object of the payload whole, each of its keys a custom field. */
export const wholeCustomFields = 'customFields'

export type MappingTarget = PersonTarget | DealTarget | WorkTarget | typeof wholeCustomFields

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
  customFields: 'targets.customFields',
} as const satisfies { [Target in MappingTarget]: `targets.${Target}` }

export type TargetLabel = (typeof targetLabels)[MappingTarget]

const labelled = (targets: readonly (readonly [MappingTarget, string])[]) =>
  targets.map(([target]) => [target, targetLabels[target]] as const)

/** The targets a webhook creating `objectType` offers, each with its label's catalogue key. */
export function targetsFor(
  objectType: InboundObjectType,
): readonly (readonly [MappingTarget, TargetLabel])[] {
  const whole = [[wholeCustomFields, 'Custom fields']] as const
  return objectType === 'deal'
    ? labelled([...dealMappingTargets, ...personMappingTargets, ...whole, ...workMappingTargets])
    : labelled([...personMappingTargets, ...whole, ...workMappingTargets])
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

// What a sender might put in a placeholder, by the field it fills: a sample that passes the mapping
// as it stands, so "Try it" shows a record at once (an empty name was refused as missing).
const sampleValues: Partial<Record<string, string>> = {
  fullName: 'Ana Souza',
  primaryEmail: 'ana@example.com',
  primaryPhone: '+55 11 91234-5678',
  lifecycleStage: 'lead',
  leadSource: 'website',
  tags: 'newsletter',
  title: 'Website enquiry',
  value: '1000',
  currency: 'BRL',
  note: 'Asked about the annual plan.',
  task: 'Call back',
}

/** The sample for one placeholder, named `name`, among `count` in the template of `target`. */
function sampleFor(target: string, name: string, count: number): string {
  const words = name.toLowerCase()
  if (words.includes('mail')) return 'ana@example.com'
  // "{{first_name}} {{last_name}}": each part of the name.
  if (target === 'fullName' && count > 1) {
    if (/last|sur|sobrenome/.test(words)) return 'Souza'
    return /first|given|nome/.test(words) ? 'Ana' : ''
  }
  if (target === 'expectedCloseDate') {
    return new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
  }
  return sampleValues[target] ?? ''
}

// `form.answers[0].email`: keys and indexes, the paths a sample can lay out as nested objects and
// lists. Others (quoted keys, selectors, `[-1]`, a key with spaces) become a key of that name.
const simplePath = /^[\w$-]+(\[\d+\])*(\.[\w$-]+(\[\d+\])*)*$/

/** Sets `value` at the path `source` of `sample`, making the objects and lists on the way. */
function setAt(sample: Record<string, unknown>, source: string, value: string) {
  if (!simplePath.test(source)) {
    sample[source] ??= value
    return
  }
  const steps = [...source.matchAll(/[\w$-]+|\[(\d+)\]/g)].map((step) =>
    step[1] === undefined ? step[0] : Number(step[1]),
  )
  let at: Record<string | number, unknown> = sample
  steps.forEach((step, index) => {
    const next = steps[index + 1]
    if (next === undefined) {
      at[step] ??= value
      return
    }
    if (typeof at[step] !== 'object' || at[step] === null)
      at[step] = typeof next === 'number' ? [] : {}
    at = at[step] as Record<string | number, unknown>
  })
}

/**
 * A sample payload for the "Try it" box: each placeholder of the mapping at its path, with a value
 * the field it fills would take. The request's query string and headers are left out: a dry run
 * maps the body alone.
 */
export function samplePayload(mapping: Record<string, MappingValue>): Record<string, unknown> {
  const sample: Record<string, unknown> = {}
  for (const [target, value] of Object.entries(mapping)) {
    for (const template of Array.isArray(value) ? value : [value]) {
      const placeholders = [...String(template).matchAll(/\{\{\s*(.*?)\s*\}\}/g)].map(
        (match) => match[1]!,
      )
      for (const source of placeholders) {
        if (/^(query|headers)\./.test(source)) continue
        setAt(sample, source, sampleFor(target, source, placeholders.length))
      }
    }
  }
  return sample
}
