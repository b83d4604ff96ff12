import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiRequestError, errorMessage } from '../api/client'

/**
 * Puts a server error next to the field it names (`details.field`), when the form has that field;
 * returns the message to show above the form otherwise.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  if (error instanceof ApiRequestError && error.field) {
    const named = error.field
    // `tags[2]` is the tags field's fault.
    const field = fields.find(
      (name) => named === name || named.startsWith(`${name}[`) || named.startsWith(`${name}.`),
    )
    if (field) {
      setError(field, { type: 'server', message: error.message }, { shouldFocus: true })
      return null
    }
  }
  return errorMessage(error)
}
