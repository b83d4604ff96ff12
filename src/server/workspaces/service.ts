import { newId } from '../ids'
import { defaultCurrency, enableCurrency } from '../currencies/service'
import { inTransaction, type Db } from '../db/connection'
import { conflict, notFound } from '../http/errors'
import { defaultRetentionDays } from '../events/retention'
import { defaultRequestsPerMinute } from '../http/rate-limit'
import { createLostReason } from '../lost-reasons/service'
import { createPipeline } from '../pipelines/service'
import { machineTimeZone } from '../../shared/time-zone'
import type { Language } from '../../shared/languages'
import * as workspaces from './repository'
import type { UpdateWorkspaceInput, Workspace } from './schema'
import { serverLanguage, starterContent } from './starter-content'

/**
 * Creates a workspace with BRL enabled, a sales pipeline and a few lost reasons, named in
 * `language` (the server's by default).
 */
export async function createWorkspace(
  db: Db,
  name: string,
  now: Date,
  language: Language = serverLanguage(),
  /** The id the workspace has elsewhere: a replica's copy of its team server's (sync/). */
  id: string = newId(),
): Promise<Workspace> {
  const starter = starterContent[language]
  return inTransaction(db, async (trx) => {
    if (await workspaces.findWorkspaceByName(trx, name)) {
      throw conflict('name', `A workspace named ${name} already exists`)
    }
    const row = {
      id,
      name,
      rateLimitPerMinute: defaultRequestsPerMinute,
      eventRetentionDays: defaultRetentionDays,
      // The defaults of the migration that added them (2026-11-25T0700-activities-notes).
      timeZone: null,
      reminderMinutes: 15,
      digestTime: '08:00',
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    }
    await workspaces.insertWorkspace(trx, row)
    await enableCurrency(trx, row.id, defaultCurrency, now)
    await createPipeline(trx, row.id, { name: starter.pipelineName, stages: starter.stages }, now)
    for (const reason of starter.lostReasons)
      await createLostReason(trx, row.id, { name: reason }, now)
    return row
  })
}

export async function listWorkspaces(db: Db): Promise<Workspace[]> {
  return workspaces.listWorkspaces(db)
}

export async function getWorkspace(db: Db, id: string): Promise<Workspace> {
  const row = await workspaces.findWorkspaceById(db, id)
  if (!row) throw notFound('Workspace')
  return row
}

/** Removes a workspace and everything in it (a replica's copy of one its user may no longer read). */
export async function deleteWorkspace(db: Db, id: string): Promise<void> {
  await workspaces.deleteWorkspace(db, id)
}

export async function findWorkspaceByName(db: Db, name: string): Promise<Workspace | undefined> {
  return workspaces.findWorkspaceByName(db, name)
}

export async function updateWorkspace(
  db: Db,
  id: string,
  input: UpdateWorkspaceInput,
  now: Date,
): Promise<Workspace> {
  return inTransaction(db, async (trx) => {
    const before = await getWorkspace(trx, id)
    if (input.name && input.name !== before.name) {
      if (await workspaces.findWorkspaceByName(trx, input.name)) {
        throw conflict('name', `A workspace named ${input.name} already exists`)
      }
    }
    const changes = Object.fromEntries(
      Object.entries(input).filter(
        ([key, value]) => value !== undefined && value !== before[key as keyof Workspace],
      ),
    )
    if (Object.keys(changes).length === 0) return before
    const after = { ...before, ...changes, updatedAt: now.toISOString() }
    await workspaces.updateWorkspace(trx, id, { ...changes, updatedAt: after.updatedAt })
    return after
  })
}

/** Where a workspace's dates fall: its own zone, else the machine's. */
export const workspaceTimeZone = (workspace: Pick<Workspace, 'timeZone'>) =>
  workspace.timeZone ?? machineTimeZone()
