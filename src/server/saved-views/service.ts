import { newId, type MadeElsewhere } from '../ids'
import { inTransaction, type Db } from '../db/connection'
import { selectTenantRowsAfter, type CreationCursor } from '../db/tenant-page'
import { diffFields, recordEvents } from '../events/service'
import { conflict, notFound } from '../http/errors'
import * as views from './repository'
import type { CreateSavedViewInput, SavedView, UpdateSavedViewInput } from './schema'

// Views record saved_view.* events, as records do: the change feed and sync carry them (a view
// saved on a laptop reaches the whole team, docs/sync-protocol.md).

export const listSavedViews = (db: Db, tenantId: string, resource: SavedView['resource']) =>
  views.listSavedViews(db, tenantId, resource)

export const findSavedView = (db: Db, tenantId: string, id: string) =>
  views.findSavedView(db, tenantId, id)

async function refuseTakenName(db: Db, tenantId: string, view: Omit<SavedView, 'query'>) {
  const taken = await views.findSavedViewByName(db, tenantId, view.resource, view.name)
  if (taken && taken.id !== view.id) {
    throw conflict('name', `A view named ${view.name} already exists`, taken.id)
  }
}

/** Saves a list's filters and sort under a name the whole workspace sees; saved_view.created. */
export async function createSavedView(
  db: Db,
  tenantId: string,
  input: CreateSavedViewInput,
  now: Date,
  made?: MadeElsewhere,
): Promise<SavedView> {
  return inTransaction(db, async (trx) => {
    const at = now.toISOString()
    const view = {
      id: made?.id ?? newId(),
      ...input,
      createdAt: made?.createdAt ?? at,
      updatedAt: at,
    }
    await refuseTakenName(trx, tenantId, view)
    await views.insertSavedView(trx, { ...view, tenantId })
    await recordEvents(trx, tenantId, now, [
      { type: 'saved_view.created', resource: view, data: { object: view } },
    ])
    return view
  })
}

/** Renames a view or changes its filters; saved_view.updated. */
export async function updateSavedView(
  db: Db,
  tenantId: string,
  id: string,
  input: UpdateSavedViewInput,
  now: Date,
): Promise<SavedView> {
  return inTransaction(db, async (trx) => {
    const before = await findSavedView(trx, tenantId, id)
    if (!before) throw notFound('Saved view')
    const after = { ...before, name: input.name ?? before.name, query: input.query ?? before.query }
    await refuseTakenName(trx, tenantId, after)
    const change = diffFields(before, after, ['updatedAt'])
    if (change.changes.length === 0) return before
    after.updatedAt = now.toISOString()
    await views.updateSavedView(trx, id, {
      name: after.name,
      query: after.query,
      updatedAt: after.updatedAt,
    })
    await recordEvents(trx, tenantId, now, [
      { type: 'saved_view.updated', resource: after, data: { object: after, ...change } },
    ])
    return after
  })
}

/** Deletes the view for everyone; saved_view.deleted. */
export async function deleteSavedView(db: Db, tenantId: string, id: string, now: Date) {
  await inTransaction(db, async (trx) => {
    const view = await findSavedView(trx, tenantId, id)
    if (!view) throw notFound('Saved view')
    await views.deleteSavedView(trx, tenantId, id)
    await recordEvents(trx, tenantId, now, [
      { type: 'saved_view.deleted', resource: view, data: { object: view } },
    ])
  })
}

/**
 * Frees a view's name without an event, for sync's rule 4 (the merge that follows says what
 * happened): it goes by a name no other view has until then.
 */
export async function releaseViewName(db: Db, tenantId: string, id: string): Promise<void> {
  const view = await findSavedView(db, tenantId, id)
  if (view) await views.updateSavedView(db, id, { name: `${view.name} (${id})` })
}

/** The view of this list and name, if any (sync's rule 4). */
export async function findSavedViewIdByName(
  db: Db,
  tenantId: string,
  resource: SavedView['resource'],
  name: string,
): Promise<string | undefined> {
  return (await views.findSavedViewByName(db, tenantId, resource, name))?.id
}

/** Views of the workspace in creation order, `limit` at a time after `after` (sync's snapshot). */
export async function listSavedViewsAfter(
  db: Db,
  tenantId: string,
  after: CreationCursor | null,
  limit: number,
): Promise<SavedView[]> {
  const rows = await selectTenantRowsAfter(db, 'savedViews', tenantId, after, limit)
  return rows.map(({ tenantId: _tenantId, ...view }) => view)
}
