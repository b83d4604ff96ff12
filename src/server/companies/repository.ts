import type { Insertable, Updateable } from 'kysely'
import type { Db } from '../db/connection'
import type { CompanyTable } from '../db/database'

export async function insertCompany(db: Db, row: Insertable<CompanyTable>): Promise<void> {
  await db.insertInto('companies').values(row).execute()
}

export async function findCompanyById(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('companies')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function findCompanyByDomain(db: Db, tenantId: string, domain: string) {
  return db
    .selectFrom('companies')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('domain', '=', domain)
    .executeTakeFirst()
}

export async function updateCompany(db: Db, id: string, values: Updateable<CompanyTable>) {
  await db.updateTable('companies').set(values).where('id', '=', id).execute()
}

export async function deleteCompany(db: Db, id: string): Promise<void> {
  await db.deleteFrom('companies').where('id', '=', id).execute()
}
