import { createRoute, z } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import type { MiddlewareHandler } from 'hono'
import type { AppDeps, AppEnv, RouteDeps } from '../app-env'
import { requireToken } from '../auth/middleware'
import { authorizeManagement } from '../access/middleware'
import { ApiError } from '../http/errors'
import { errorResponses, jsonResponse } from '../http/schema-types'
import { pascalCase } from '../http/crud-routes'
import { createRouter } from '../http/validation'
import { importConfig, importPeopleCsv } from './people-import'
import { exportKinds, exportRecords, type ExportKind } from './export'
import { importActivitiesCsv, importDealsCsv, importNotesCsv } from './named-import'
import type { ImportResult } from './csv-import'
import {
  activityImportForm,
  dealImportForm,
  noteImportForm,
  namedImportSettingsSchema,
  namedMappingOf,
  exportQuery,
  importForm,
  importResultSchema,
  importSettingsSchema,
} from './schema'

/** The largest CSV upload the management API takes; bigger files go through `outpost import`. */
export const maxImportBytes = 64 * 1024 * 1024
const maxRejectionsShown = 1000

/** What an import did, as answered: its first rejected rows only. */
const shown = (result: ImportResult) => ({
  ...result,
  rejections: result.rejections.slice(0, maxRejectionsShown),
})

const uploadLimit = bodyLimit({
  maxSize: maxImportBytes,
  onError: () => {
    throw new ApiError('payload_too_large', `Upload is larger than ${maxImportBytes} bytes`, {
      limitBytes: maxImportBytes,
    })
  },
})

/** The mapping part's JSON, whether sent as text or as a file. */
async function mappingJson(part: string | File): Promise<unknown> {
  const text = typeof part === 'string' ? part : await part.text()
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    throw new ApiError('invalid_request', 'mapping is not valid JSON', { field: 'mapping' })
  }
}

/** The mapping part read by `schema`; `shape` says what it should be when it is not. */
async function mappingPart<T>(
  part: string | File,
  schema: z.ZodType<T>,
  shape: string,
): Promise<T> {
  const parsed = schema.safeParse(await mappingJson(part))
  if (parsed.success) return parsed.data
  throw new ApiError('invalid_request', `mapping must be ${shape}`, { field: 'mapping' })
}

const peopleSettings = (part: string | File) =>
  mappingPart(
    part,
    importSettingsSchema,
    'an object of target fields, or {mapping, dedupe, defaultCountry, actions}',
  )

const namedMapping = async (part: string | File) =>
  namedMappingOf(
    await mappingPart(
      part,
      namedImportSettingsSchema,
      'an object of target fields ({"subject": "{{Column}}", ...}), or {mapping}',
    ),
  )

/** Only a multipart upload, within the size limit, gets through. */
const multipartUpload: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(
      'unsupported_media_type',
      'Upload the CSV as multipart/form-data: a file part and a mapping part',
    )
  }
  return uploadLimit(c, next)
}

/**
 * /api/app/v1/imports: CSV uploads. Mounted ahead of the management API's JSON body guard (the
 * upload is multipart, and larger than a JSON body may be), so it checks the admin token itself.
 */
export function importsRoutes(deps: AppDeps) {
  const { db, clock } = deps
  const router = createRouter()
  router.use('*', requireToken(deps, 'admin'), authorizeManagement, multipartUpload)
  namedImportRoutes(router, deps)
  return router.openapi(
    createRoute({
      method: 'post',
      path: '/people',
      tags: ['Import and export'],
      operationId: 'importPeople',
      summary: 'Import people from a CSV file through a mapping, with deduplication',
      description:
        'Each row is mapped and deduplicated as an inbound webhook delivery would be. Bad rows are ' +
        'rejected with their line number; the others are imported.',
      request: {
        body: { required: true, content: { 'multipart/form-data': { schema: importForm } } },
      },
      responses: {
        200: jsonResponse(importResultSchema, 'What the import did'),
        ...errorResponses(400, 401, 403, 413, 415, 422, 429),
      },
    }),
    async (c) => {
      const form = c.req.valid('form')
      const config = importConfig(await peopleSettings(form.mapping), form.dedupe)
      const upload = form.file.stream()
      return c.json(
        shown(
          await importPeopleCsv(actingAs(db, importActor), c.get('auth').tenantId, upload, config, {
            clock,
          }),
        ),
        200,
      )
    },
  )
}

/** The imports whose rows name their references: deals, activities and notes. */
const namedImports = [
  {
    path: '/deals',
    operationId: 'importDeals',
    summary: 'Import deals from a CSV file: pipeline and stage by name, person by e-mail',
    names: 'pipeline, stage, person, company, owner, lost reason',
    form: dealImportForm,
    run: importDealsCsv,
  },
  {
    path: '/activities',
    operationId: 'importActivities',
    summary: 'Import activities from a CSV file: person by e-mail, deal by title',
    names: 'type, person, deal, company, assignee',
    form: activityImportForm,
    run: importActivitiesCsv,
  },
  {
    path: '/notes',
    operationId: 'importNotes',
    summary: 'Import notes from a CSV file: person by e-mail, deal by title',
    names: 'person, deal, company, author',
    form: noteImportForm,
    run: importNotesCsv,
  },
] as const

function namedImportRoutes(router: ReturnType<typeof createRouter>, { db, clock }: AppDeps) {
  for (const kind of namedImports) {
    router.openapi(
      createRoute({
        method: 'post',
        path: kind.path,
        tags: ['Import and export'],
        operationId: kind.operationId,
        summary: kind.summary,
        description:
          'Every good row creates a record. A row is rejected, with its line and the field at ' +
          `fault, when a value is invalid or a name (${kind.names}) matches nothing in the ` +
          'workspace; the others are imported.',
        request: {
          body: { required: true, content: { 'multipart/form-data': { schema: kind.form } } },
        },
        responses: {
          200: jsonResponse(importResultSchema, 'What the import did'),
          ...errorResponses(400, 401, 403, 413, 415, 429),
        },
      }),
      async (c) => {
        const form = c.req.valid('form')
        const mapping = await namedMapping(form.mapping)
        const upload = form.file.stream()
        return c.json(
          shown(
            await kind.run(actingAs(db, importActor), c.get('auth').tenantId, upload, mapping, {
              clock,
            }),
          ),
          200,
        )
      },
    )
  }
}
import { actingAs } from '../events/actor'

const importActor = { kind: 'import' } as const

const mediaTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ndjson: 'application/x-ndjson',
} as const

const exportNouns: Record<ExportKind, string> = {
  people: 'person',
  deals: 'deal',
  activities: 'activity',
  notes: 'note',
}

function exportRoute(kind: ExportKind) {
  return createRoute({
    method: 'get',
    path: `/${kind}`,
    tags: ['Import and export'],
    operationId: `export${pascalCase(kind)}`,
    summary: `Export every ${exportNouns[kind]} of the workspace, oldest first`,
    description:
      `Every ${exportNouns[kind]} of the workspace, oldest first, streamed as CSV (columns that ` +
      'import back, custom fields as `customFields.<key>`), an Excel workbook of the same rows ' +
      "(xlsx; 400 naming `format` past Excel's 1,048,575 rows) or NDJSON (one v1 object a line).",
    request: { query: exportQuery },
    responses: {
      200: {
        description: 'The records, streamed',
        content: {
          'text/csv': { schema: z.string() },
          [mediaTypes.xlsx]: { schema: z.string().openapi({ format: 'binary' }) },
          'application/x-ndjson': { schema: z.string() },
        },
      },
      ...errorResponses(400, 401, 403, 429),
    },
  })
}

/** /api/app/v1/exports: people, deals, activities and notes as CSV or NDJSON downloads. */
export function exportsRoutes({ clock }: RouteDeps) {
  const router = createRouter()
  for (const kind of exportKinds) {
    router.openapi(exportRoute(kind), async (c) => {
      const { format } = c.req.valid('query')
      const chunks = exportRecords(c.get('db'), c.get('auth').tenantId, kind, format)
      const encoder = new TextEncoder()
      const bytes = (chunk: string | Uint8Array) =>
        typeof chunk === 'string' ? encoder.encode(chunk) : chunk
      // The first chunk before the answer: an export refused (too large a workbook) is a JSON error.
      const first = await chunks.next()
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          if (first.done) controller.close()
          else controller.enqueue(bytes(first.value))
        },
        async pull(controller) {
          const next = await chunks.next()
          if (next.done) controller.close()
          else controller.enqueue(bytes(next.value))
        },
        async cancel() {
          await chunks.return(undefined)
        },
      })
      const day = clock.now().toISOString().slice(0, 10)
      return c.body(body, 200, {
        'Content-Type': mediaTypes[format],
        'Content-Disposition': `attachment; filename="outpost-${kind}-${day}.${format}"`,
      })
    })
  }
  return router
}
