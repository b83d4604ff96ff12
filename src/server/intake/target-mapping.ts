// A mapping onto a fixed list of targets (a deal, an activity, a note described by names), as a
// CSV import's settings give it: checked and compiled once, then read row by row as text.

import { badSetting, noValue } from './errors'
import { compileField, evaluateValue, type CompiledValue, type MappingValue } from './mapping'

/** A mapping checked and compiled, in the configured order. */
export type TargetMapping<Target extends string> = readonly (readonly [Target, CompiledValue])[]

/** What a kind of record can be filled with: its targets, those it needs, the one taking a list. */
export interface TargetList<Target extends string> {
  /** "a deal import", for the messages. */
  noun: string
  targets: readonly Target[]
  required: readonly string[]
  listTarget?: Target
}

/** Checks and compiles a mapping; a 400 naming `mapping.<target>` for what cannot work. */
export function compileTargetMapping<Target extends string>(
  list: TargetList<Target>,
  mapping: Readonly<Record<string, MappingValue>>,
): TargetMapping<Target> {
  const isTarget = (target: string): target is Target =>
    (list.targets as readonly string[]).includes(target)
  const compiled = Object.entries(mapping).map(([target, value]) => {
    const field = `mapping.${target}`
    if (!isTarget(target)) {
      throw badSetting(field, `is not a field ${list.noun} can fill (${list.targets.join(', ')})`)
    }
    if (Array.isArray(value) && target !== list.listTarget) {
      throw badSetting(
        field,
        list.listTarget
          ? `takes one value; only ${list.listTarget} take a list`
          : 'takes one value',
      )
    }
    return [target, compileField(field, value)] as const
  })
  for (const target of list.required) {
    if (!(target in mapping)) {
      throw badSetting(`mapping.${target}`, 'is required: map a column to it')
    }
  }
  return compiled
}

/** A mapped value as text: lists joined by commas, absent and empty as undefined. */
function textOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined
  const text = Array.isArray(value) ? value.map((item) => String(item)).join(',') : String(value)
  return text.trim() === '' ? undefined : text
}

/** The text each target gets from the record; reading one that is required and absent is a 422. */
export function mappedTexts<Target extends string>(
  mapping: TargetMapping<Target>,
  record: Record<string, string>,
) {
  const values = new Map<Target, string>()
  for (const [target, compiled] of mapping) {
    const text = textOf(evaluateValue(compiled, record))
    if (text !== undefined) values.set(target, text)
  }
  return {
    need(target: Target): string {
      const text = values.get(target)
      if (text === undefined) throw noValue(target, 'row')
      return text
    },
    optional<T>(target: Target, read: (text: string) => T): T | undefined {
      const text = values.get(target)
      return text === undefined ? undefined : read(text)
    },
  }
}
