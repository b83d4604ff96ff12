// The errors of intake, one shape each. Settings that cannot work are refused when saved (400);
// a record whose values cannot be taken in is refused when it arrives (422). Both name the field.

import { ApiError } from '../http/errors'

/** A setting (a mapping, a dedupe strategy, an action) that cannot work: 400 naming `field`. */
export const badSetting = (field: string, message: string): ApiError =>
  new ApiError('invalid_request', `${field} ${message}`, { field })

/** A value of the record that the field's rule refuses: 422 naming `field`. */
export const badValue = (field: string, message: string): ApiError =>
  new ApiError('validation_error', `${field} ${message}`, { field })

/** A required field the mapping gave no value from this record (`payload`, `row`). */
export const noValue = (field: string, record: string): ApiError =>
  badValue(field, `is required, and the mapping gave it no value from this ${record}`)
