// Assigning owners in turn (round-robin) among the users an assign-owner action names.

import type { Db } from '../db/connection'
import { userExists } from '../users/lookup'

/** Where round-robin assignment stands: read, and moved on once an owner is handed out. */
export interface OwnerCursor {
  read(db: Db): Promise<number>
  advance(db: Db, by: number): Promise<void>
}

/** An owner cursor kept in memory, for one import run. */
export function memoryOwnerCursor(): OwnerCursor {
  let position = 0
  return {
    read: async () => position,
    advance: async (_db, by) => {
      position += by
    },
  }
}

/** Takes the next owner in turn, skipping users deleted since the settings were saved. */
export async function takeNextOwner(
  db: Db,
  tenantId: string,
  ownerIds: readonly string[],
  cursor: OwnerCursor,
): Promise<string | undefined> {
  if (ownerIds.length === 0) return undefined
  const start = await cursor.read(db)
  for (let step = 0; step < ownerIds.length; step += 1) {
    const id = ownerIds[(start + step) % ownerIds.length]!
    if (await userExists(db, tenantId, id)) {
      await cursor.advance(db, step + 1)
      return id
    }
  }
  return undefined
}
