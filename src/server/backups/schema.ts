import { z } from '@hono/zod-openapi'
import { timestamp } from '../http/schema-types'

const kind = z.enum(['daily', 'pre-migration', 'pre-restore', 'manual'])
const counts = z.object({ people: z.int(), deals: z.int() })

export const backupSchema = z
  .object({
    name: z.string().openapi({ example: 'outpost-2026-11-25T041500123Z-daily.sqlite' }),
    kind,
    takenAt: timestamp,
    bytes: z.int(),
  })
  .openapi('Backup')

export const backupStatusSchema = z
  .object({
    at: timestamp,
    kind,
    ok: z.boolean(),
    name: z.string().nullable(),
    bytes: z.int().nullable(),
    counts: counts.nullable().openapi({ description: 'What the check counted in the copy' }),
    error: z.string().nullable().openapi({ description: 'Why it failed, when it did' }),
  })
  .openapi('BackupStatus')

export const backupsSchema = z
  .object({
    folder: z.string().openapi({ description: 'Where the backups are, on this machine' }),
    last: backupStatusSchema.nullable().openapi({ description: 'How the last backup went' }),
    backups: z.array(backupSchema).openapi({ description: 'Newest first' }),
  })
  .openapi('Backups')

export const restoreResultSchema = z
  .object({
    restoredFrom: z.string(),
    counts,
    undo: z.string().nullable().openapi({
      description: 'The backup taken just before the restore: restore it to undo',
    }),
    unreadableSecrets: z
      .number()
      .int()
      .openapi({
        description:
          'Signing secrets and tokens in the backup sealed under another key than this folder’s ' +
          '(a backup from another laptop): give them new ones (docs/security.md)',
      }),
  })
  .openapi('RestoreResult')

export const backupNameParams = z.object({
  name: z
    .string()
    .regex(/^outpost-[0-9TZ-]+-[a-z-]+\.sqlite$/, 'is not the name of a backup')
    .openapi({
      param: { name: 'name', in: 'path' },
      example: 'outpost-2026-11-25T041500123Z-daily.sqlite',
    }),
})
