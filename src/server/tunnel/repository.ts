import type { Db } from '../db/connection'
import type { TunnelSettingsTable } from '../db/database'

export async function findTunnelSettings(db: Db) {
  return db.selectFrom('tunnelSettings').selectAll().where('id', '=', 1).executeTakeFirst()
}

export async function saveTunnelSettings(
  db: Db,
  row: Omit<TunnelSettingsTable, 'id'>,
): Promise<void> {
  await db
    .insertInto('tunnelSettings')
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute()
}
