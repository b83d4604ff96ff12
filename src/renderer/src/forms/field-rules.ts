import type { FieldRefusal, FieldResult } from '../../../shared/fields/result'
import { i18next } from '../i18n/i18n'

/**
 * Why a shared field rule refused a value, after the field's `label` (already translated), in the
 * interface's language: `forms:rules.<rule>` with the refusal's params; a refusal that names no
 * rule keeps the rule's English message. In English both read the same, as the server words it.
 */
export function refusalText(label: string, refusal: FieldRefusal): string {
  if (refusal.rule === undefined) return `${label} ${refusal.message}`
  return i18next.t(`forms:rules.${refusal.rule}`, { ...refusal.params, label })
}

/**
 * A react-hook-form `validate` for a text input checked by a shared field rule (the rule the
 * server applies), so the form refuses what the server would, in the same words. An empty input
 * passes: whether a field is required is the form's `required`.
 */
export function fieldRule<T>(label: string, rule: (raw: string) => FieldResult<T>) {
  return (value: string): true | string => {
    if (value.trim() === '') return true
    const result = rule(value)
    return result.ok || refusalText(label, result)
  }
}
