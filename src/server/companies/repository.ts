import type { Insertable, Updateable } from 'kysely'
import type { Db } from '../db/connection'
import { findTenantRow, insertRows, findTenantIdBy } from '../db/tenant-rows'
import type { CompanyTable } from '../db/database'

export const insertCompany = (db: Db, row: Insertable<CompanyTable>) =>
  insertRows(db, 'companies', [row])

export const findCompanyById = (db: Db, tenantId: string, id: string) =>
  findTenantRow(db, 'companies', tenantId, id)

export const findCompanyByDomain = (db: Db, tenantId: string, domain: string) =>
  findTenantIdBy(db, 'companies', tenantId, 'domain', domain)

export async function updateCompany(db: Db, id: string, values: Updateable<CompanyTable>) {
  await db.updateTable('companies').set(values).where('id', '=', id).execute()
}

export async function deleteCompany(db: Db, id: string): Promise<void> {
  await db.deleteFrom('companies').where('id', '=', id).execute()
}
