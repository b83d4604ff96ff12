/**
 * What a field rule says about a value: the value as Outpost stores it, or why it cannot be one.
 * `message` is a phrase that follows the field's name ("primaryPhone" + " is not a ..."), so every
 * door (REST, inbound webhooks, CSV import, the UI) words a refusal the same way.
 */
export type FieldResult<T> = { ok: true; value: T } | { ok: false; message: string }

export const accept = <T>(value: T): FieldResult<T> => ({ ok: true, value })

export const refuse = <T = never>(message: string): FieldResult<T> => ({ ok: false, message })
