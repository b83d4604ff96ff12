import type { Db } from '../db/connection'

export async function insertCurrency(db: Db, tenantId: string, code: string, createdAt: string) {
  await db
    .insertInto('workspaceCurrencies')
    .values({ tenantId, code, createdAt })
    .onConflict((oc) => oc.doNothing())
    .execute()
}

export async function deleteCurrency(db: Db, tenantId: string, code: string): Promise<number> {
  const result = await db
    .deleteFrom('workspaceCurrencies')
    .where('tenantId', '=', tenantId)
    .where('code', '=', code)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function findCurrency(db: Db, tenantId: string, code: string) {
  return db
    .selectFrom('workspaceCurrencies')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('code', '=', code)
    .executeTakeFirst()
}

export async function listCurrencies(db: Db, tenantId: string) {
  return db
    .selectFrom('workspaceCurrencies')
    .select(['code', 'createdAt'])
    .where('tenantId', '=', tenantId)
    .orderBy('code')
    .execute()
}
