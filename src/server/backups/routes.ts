import { createRoute } from '@hono/zod-openapi'
import type { RouteDeps } from '../app-env'
import { ApiError } from '../http/errors'
import { errorResponses, jsonResponse } from '../http/schema-types'
import { createRouter } from '../http/validation'
import { backupsFolder, listBackups } from './backup-files'
import { restoreBackup } from './restore'
import { backupNameParams, backupsSchema, backupStatusSchema, restoreResultSchema } from './schema'
import { lastBackupStatus, takeBackup } from './take-backup'

const tags = ['Backups']

/** /api/app/v1/backups: the data folder's automatic backups, a backup now, and a restore. */
export function backupsRoutes({ clock, dataDir, keyStore, externalDatabase }: RouteDeps) {
  const folder = () => {
    if (externalDatabase) {
      throw new ApiError(
        'not_found',
        'This server runs on PostgreSQL and keeps no backups of its own: back the database up ' +
          'with pg_dump (see docs/team-server.md)',
      )
    }
    if (!dataDir || !keyStore) throw new ApiError('not_found', 'This server keeps no backups')
    return { dataDir, keyStore }
  }
  const describe = (dir: string) => ({
    folder: backupsFolder(dir),
    last: lastBackupStatus(dir),
    backups: listBackups(dir).map((backup) => ({
      ...backup,
      takenAt: backup.takenAt.toISOString(),
    })),
  })
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        operationId: 'listBackups',
        summary: 'The backups kept, and how the last one went',
        description:
          'The backups in the data folder, newest first, and the state of the last automatic one. See docs/durability.md.',
        responses: {
          200: jsonResponse(backupsSchema, 'The backups'),
          ...errorResponses(401, 403, 404, 429),
        },
      }),
      (c) => c.json(describe(folder().dataDir), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        tags,
        operationId: 'createBackup',
        summary: 'Back up now (kept until deleted by hand)',
        description: 'Takes a checked backup of the database now; manual backups are never pruned.',
        responses: {
          201: jsonResponse(backupStatusSchema, 'The backup, checked'),
          ...errorResponses(401, 403, 404, 429),
        },
      }),
      async (c) => c.json(await takeBackup(folder().dataDir, 'manual', clock.now()), 201),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{name}/restore',
        tags,
        operationId: 'restoreBackup',
        summary: 'Restore a backup over the database, with the server running',
        description:
          'Checks the backup, backs up the moment before (`undo`), then copies the backup over ' +
          'the database: writes wait while it copies. Change-feed cursors given out before ' +
          'answer 409 cursor_invalidated afterwards.',
        request: { params: backupNameParams },
        responses: {
          200: jsonResponse(restoreResultSchema, 'What was restored'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      }),
      async (c) => {
        const { dataDir: dir, keyStore: store } = folder()
        const { name } = c.req.valid('param')
        return c.json(await restoreBackup(c.get('db'), dir, name, store, clock.now()), 200)
      },
    )
}
