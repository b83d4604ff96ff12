import type { FieldResult } from '../../../shared/fields/result'

/**
 * A react-hook-form `validate` for a text input checked by a shared field rule (the rule the
 * server applies), so the form refuses what the server would, in the same words. An empty input
 * passes: whether a field is required is the form's `required`.
 */
export function fieldRule<T>(label: string, rule: (raw: string) => FieldResult<T>) {
  return (value: string): true | string => {
    if (value.trim() === '') return true
    const result = rule(value)
    return result.ok || `${label} ${result.message}`
  }
}
