/**
 * What a field rule says about a value: the value as Outpost stores it, or why it cannot be one.
 * `message` is a phrase that follows the field's name ("primaryPhone" + " is not a ..."), so every
 * door (REST, inbound webhooks, CSV import, the UI) words a refusal the same way. A refusal can
 * also name its `rule` and the `params` of its message, so that the UI can word it in the user's
 * language (`forms:rules.<rule>`); the English `message` stays what the server says.
 */
export type FieldResult<T> = { ok: true; value: T } | FieldRefusal

export interface FieldRefusal {
  ok: false
  message: string
  rule?: RefusalRule
  params?: Record<string, string | number>
}

/** Each reason a rule can refuse, with what its message names besides the field. */
export interface RefusalParams {
  empty: object
  tooLong: { max: number }
  controlCharacter: object
  tooManyTags: { max: number }
  tagComma: { tag: string }
  invalidPhone: { text: string }
  invalidEmail: { text: string }
  notNumber: object
  negative: object
  tooLarge: object
  machineAmount: object
  typedAmount: { example: string }
  currencyCode: object
  customFieldKey: object
  jsonValue: object
  jsonTooLong: { max: number }
  calendarDate: object
}

export type RefusalRule = keyof RefusalParams

/** A refusal's rule and the params of its message: `{ rule: 'tooLong', max: 200 }`. */
export type RefusalReason = {
  [R in RefusalRule]: { rule: R } & RefusalParams[R]
}[RefusalRule]

export const accept = <T>(value: T): FieldResult<T> => ({ ok: true, value })

export const refuse = <T = never>(message: string, reason?: RefusalReason): FieldResult<T> => {
  if (!reason) return { ok: false, message }
  const { rule, ...params } = reason
  return { ok: false, message, rule, params: params as Record<string, string | number> }
}
