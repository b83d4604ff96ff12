import { z } from '@hono/zod-openapi'
import { isHlcText } from '../../shared/sync/hlc'
import { uuid } from '../http/schema-types'
import { withScheme } from './server-url'
import type { Permission } from '../../shared/permissions'
import type { WorkspaceSettings } from './workspace-settings'

export const maxPushMutations = 1000
export const defaultPullLimit = 1000
export const maxPullLimit = 5000

const hlcText = z.string().max(100).refine(isHlcText, 'is not a hybrid logical clock')
const clientId = z.string().regex(/^[0-9a-z]{1,64}$/, 'must be 1 to 64 lowercase letters or digits')
const schemaVersion = z.string().min(1).max(100)

export const mutationSchema = z.strictObject({
  seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  table: z.string().max(64),
  id: uuid,
  op: z.enum(['upsert', 'delete']),
  fields: z.record(z.string(), z.unknown()),
  hlc: hlcText,
})

export const pushBody = z
  .strictObject({
    clientId,
    schemaVersion,
    mutations: z.array(mutationSchema).max(maxPushMutations),
  })
  .refine(
    (body) => body.mutations.every((m, i) => i === 0 || m.seq === body.mutations[i - 1]!.seq + 1),
    { message: 'must be numbered one after another', path: ['mutations'] },
  )

export type PushBody = z.infer<typeof pushBody>

export const pullQuery = z.object({
  clientId,
  schemaVersion,
  after: z.string().max(200).optional(),
  limit: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1).max(maxPullLimit))
    .optional(),
})

export const snapshotQuery = z.object({ schemaVersion })

/** A change as pull hands it out: a record's synced fields and the clock they were written at. */
export interface PulledChange {
  position: number
  table: string
  id: string
  op: 'upsert' | 'delete'
  fields: Record<string, unknown>
  hlc: string
}

export interface PullAnswer {
  /** What the replica's token may do now: a role changed meanwhile holds offline from here on. */
  permissions: readonly Permission[]
  /** The workspace's settings (workspace-settings.ts): the replica's copy follows. */
  settings: WorkspaceSettings
  changes: PulledChange[]
  cursor: string
  hasMore: boolean
  /** The newest of this client's mutations the server has settled. */
  lastSeq: number
}

/** What a push answers: the newest settled number, what was refused, and how those records are. */
export interface PushAnswer {
  lastSeq: number
  rejected: { seq: number; reason: string }[]
  /**
   * Each refused mutation's record as the server has it now (null: it does not exist there), so
   * the replica puts it back: the server's values win over a refused change.
   */
  records: { seq: number; record: SnapshotRecord | null }[]
  /**
   * Creations of this replica merged into a record created before them elsewhere (rule 4: a
   * person's e-mail, a company's domain): the replica merges its copy the same way, with the
   * survivor as the server has it now.
   */
  merged: { seq: number; table: string; id: string; into: string; record: SnapshotRecord | null }[]
}

/** One record of a snapshot, with its clocks. */
export interface SnapshotRecord {
  table: string
  id: string
  deleted: boolean
  createdHlc: string
  fields: Record<string, unknown>
  clocks: Record<string, string>
}

/** A snapshot's head: all of it but the records (the first line of its NDJSON form). */
export type SnapshotHead = Omit<SnapshotAnswer, 'records'>

/** The last line of a snapshot's NDJSON form: a stream without it was cut off on the way. */
export interface SnapshotEnd {
  end: true
  records: number
}

export interface SnapshotAnswer {
  schemaVersion: string
  /** Where the replica pulls from once it has loaded the snapshot. */
  cursor: string
  workspace: { id: string; name: string }
  /** What the replica's token may do in the workspace: the replica refuses the rest offline. */
  permissions: readonly Permission[]
  settings: WorkspaceSettings
  records: SnapshotRecord[]
}

const linkStates = ['synced', 'syncing', 'offline', 'error'] as const

/** One workspace this data folder replicates, and how its syncing goes. */
const syncedWorkspaceSchema = z
  .object({
    workspaceId: z.string(),
    name: z.string(),
    state: z.enum(linkStates),
    waiting: z.number().int().openapi({ description: 'Changes made here not yet settled' }),
    lastSyncedAt: z.string().nullable(),
    error: z.string().nullable(),
  })
  .openapi('SyncedWorkspace')

/** What the desktop's Settings shows of this data folder's link to a team server. */
export const syncLinkSchema = z
  .object({
    state: z.enum(['not-connected', ...linkStates]).openapi({
      description:
        'synced: nothing waits; syncing: changes made here are on their way; offline: the team ' +
        'server cannot be reached (work goes on, changes wait); error: the server refused (see ' +
        'error). Of several workspaces, the one that most needs attention.',
    }),
    serverUrl: z.string().nullable(),
    waiting: z.number().int().openapi({ description: 'Changes made here not yet settled, in all' }),
    lastSyncedAt: z
      .string()
      .nullable()
      .openapi({ description: 'When every workspace last finished a round (the oldest of them)' }),
    error: z.string().nullable(),
    workspaces: z
      .array(syncedWorkspaceSchema)
      .openapi({ description: 'Each workspace replicated here, by id' }),
  })
  .openapi('SyncLink')

export const connectSyncBody = z
  .strictObject({
    serverUrl: z
      .string()
      .transform(withScheme)
      .pipe(z.url({ protocol: /^https?$/ }).max(2000))
      .openapi({
        example: 'https://crm.example.com',
        description:
          'Without a scheme, http for this computer and the local network, https for the rest',
      }),
    token: z.string().min(1).max(200).optional().openapi({
      description: 'An API token of the workspace on the team server; or sign in (email, password)',
    }),
    email: z.string().min(1).max(320).optional().openapi({
      description: "Your account's e-mail on the team server: it makes this computer a token",
    }),
    password: z.string().min(1).max(1000).optional(),
    workspaceId: uuid.optional().openapi({
      description:
        'Only this one of the account’s workspaces; without it, each workspace the account ' +
        'belongs to is replicated',
    }),
  })
  .superRefine((input, context) => {
    if (input.token === undefined && (input.email === undefined || input.password === undefined))
      context.addIssue({
        code: 'custom',
        path: [input.email === undefined ? 'email' : 'password'],
        message: 'Sign in with an e-mail and password, or give an API token',
      })
  })
  .openapi('ConnectSync')
