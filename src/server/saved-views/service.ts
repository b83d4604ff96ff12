import { newId } from '../ids'
import { inTransaction, type Db } from '../db/connection'
import { conflict, notFound } from '../http/errors'
import * as views from './repository'
import type { CreateSavedViewInput, SavedView } from './schema'

export const listSavedViews = (db: Db, tenantId: string, resource: SavedView['resource']) =>
  views.listSavedViews(db, tenantId, resource)

/** Saves a list's filters and sort under a name the whole workspace sees. */
export async function createSavedView(
  db: Db,
  tenantId: string,
  input: CreateSavedViewInput,
  now: Date,
): Promise<SavedView> {
  return inTransaction(db, async (trx) => {
    const taken = await views.findSavedViewByName(trx, tenantId, input.resource, input.name)
    if (taken) throw conflict('name', `A view named ${input.name} already exists`, taken.id)
    const at = now.toISOString()
    const view = { id: newId(), ...input, createdAt: at, updatedAt: at }
    await views.insertSavedView(trx, { ...view, tenantId })
    return view
  })
}

export async function deleteSavedView(db: Db, tenantId: string, id: string) {
  if (!(await views.deleteSavedView(db, tenantId, id))) throw notFound('Saved view')
}
