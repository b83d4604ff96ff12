/**
 * A change to one record: with the one clock its fields were written at (a mutation, a pulled
 * change), or each field's own (a snapshot's record).
 */
export type IncomingChange = {
  table: string
  id: string
  op: 'upsert' | 'delete'
  fields: Record<string, unknown>
} & ({ hlc: string } | { clocks: Record<string, string>; createdHlc: string })
