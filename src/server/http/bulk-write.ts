import { createRoute, z } from '@hono/zod-openapi'
import { sql } from 'kysely'
import type { RouteDeps } from '../app-env'
import { inTransaction, type Db } from '../db/connection'
import type { ErrorCode } from './error-codes'
import { ApiError, type ErrorDetails } from './errors'
import { extensionNote } from './list-extensions'
import { errorResponses, errorSchema, jsonRequest, jsonResponse, uuid } from './schema-types'
import { createRouter, validated, validationFailure } from './validation'

/** At most this many records, creates and updates together, in one bulk write. */
export const maxBulkWrite = 100

// Checked one by one with the single request's schema, so the request's own schema takes any
// items and the document points at the single request's (registered by the POST and PATCH routes).
const records = (items: Record<string, unknown>, description: string) =>
  z
    .array(z.unknown())
    .max(maxBulkWrite, `holds at most ${maxBulkWrite} records`)
    .optional()
    .openapi({
      description: `${description} Each is checked on its own: a bad one fails alone.`,
      items,
      maxItems: maxBulkWrite,
    })

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` })

const bulkBody = (noun: string, createName: string, updateName: string) =>
  z
    .strictObject({
      create: records(schemaRef(createName), `The ${noun} bodies to create, as POST takes them.`),
      update: records(
        {
          allOf: [
            schemaRef(updateName),
            {
              type: 'object',
              required: ['id'],
              properties: { id: { type: 'string', format: 'uuid' } },
            },
          ],
        },
        `The changes to make, as PATCH takes them, each with the \`id\` of the ${noun} to change.`,
      ),
    })
    .superRefine((body, ctx) => {
      const created = body.create?.length ?? 0
      const updated = body.update?.length ?? 0
      if (created + updated === 0) {
        ctx.addIssue({ code: 'custom', path: ['create'], message: 'or update must hold a record' })
      } else if (created + updated > maxBulkWrite) {
        ctx.addIssue({
          code: 'custom',
          path: ['update'],
          message: `takes create and update past ${maxBulkWrite} records together`,
        })
      }
    })

/** What one record of a bulk write came to, in the order sent: creates first, then updates. */
const resultSchema = (item: z.ZodType, name: string) =>
  z
    .object({
      operation: z.enum(['create', 'update']),
      index: z.number().int().openapi({ description: 'Its position in `create` or `update`' }),
      status: z.number().int().openapi({
        description:
          'What the single POST or PATCH would have answered: 201, 200, 400, 404, 409, 422',
        example: 201,
      }),
      data: item.optional().openapi({ description: 'The record written, when it was' }),
      error: errorSchema.shape.error
        .optional()
        .openapi({ description: 'Why it was not written: the error the single request gives' }),
    })
    .openapi(name)

interface BulkResult<T> {
  operation: 'create' | 'update'
  index: number
  status: number
  data?: T
  error?: { code: ErrorCode; message: string; details?: ErrorDetails }
}

const errorOf = ({ code, message, details }: ApiError) => ({
  code,
  message,
  ...(details ? { details } : {}),
})

const updateId = z.object({ id: uuid })

/**
 * Writes one record under its own savepoint: a record that fails is undone alone, with its events,
 * and the others stay. An ApiError (or a body the schema refuses) is that record's result; any
 * other error is a bug, and ends the whole request, nothing written.
 */
async function writeOne<T>(
  trx: Db,
  result: Pick<BulkResult<T>, 'operation' | 'index'>,
  status: number,
  write: () => Promise<T>,
): Promise<BulkResult<T>> {
  await sql`savepoint bulk_record`.execute(trx)
  try {
    const data = await write()
    return { ...result, status, data }
  } catch (error) {
    await sql`rollback to bulk_record`.execute(trx)
    if (!(error instanceof ApiError)) throw error
    return { ...result, status: error.status, error: errorOf(error) }
  } finally {
    await sql`release bulk_record`.execute(trx)
  }
}

/** Parses a record with its single request's schema; a refusal is that record's 400. */
function parse<S extends z.ZodType>(schema: S, record: unknown): z.output<S> {
  const parsed = schema.safeParse(record)
  if (!parsed.success) throw validationFailure(parsed.error, 'json')
  return parsed.data
}

export interface BulkWriteResource<C extends z.ZodType, U extends z.ZodType, T> {
  tag: string
  /** Singular, for descriptions: `person`. */
  noun: string
  plural: string
  operationId: string
  item: z.ZodType<T>
  /** The schemas of the single POST and PATCH, and their names in the OpenAPI document. */
  createBody: C
  updateBody: U
  names: { create: string; update: string; request: string; result: string; answer: string }
  create(trx: Db, tenantId: string, input: z.output<C>, now: Date): Promise<T>
  update(trx: Db, tenantId: string, id: string, input: z.output<U>, now: Date): Promise<T>
}

/**
 * POST /bulk of /api/v1 (Outpost extension): up to 100 creates and updates in one transaction, each
 * record checked by its single request's schema and written under its own savepoint, so one that
 * fails is undone alone. Answers 200 with a result per record, in order.
 */
export function bulkWriteRoute<C extends z.ZodType, U extends z.ZodType, T>(
  { clock }: RouteDeps,
  resource: BulkWriteResource<C, U, T>,
) {
  const { noun, plural, names } = resource
  const body = bulkBody(noun, names.create, names.update).openapi(names.request, {
    description: `At most ${maxBulkWrite} ${plural} to create and update, together`,
  })
  const answer = z
    .object({
      results: z.array(resultSchema(resource.item, names.result)).openapi({
        description: 'One per record, in the order sent: every create, then every update',
      }),
      applied: z.number().int().openapi({ description: 'How many records were written' }),
      failed: z.number().int().openapi({ description: 'How many were not' }),
    })
    .openapi(names.answer)
  return createRouter().openapi(
    createRoute({
      method: 'post',
      path: '/bulk',
      tags: [resource.tag],
      operationId: resource.operationId,
      summary: `Create and update up to ${maxBulkWrite} ${plural} at once, each on its own`,
      description:
        `${extensionNote} One transaction; each record under its own savepoint, so a record ` +
        'that fails (its status and error in its result, as the single POST or PATCH would ' +
        'answer) is not written and the others are. Creates run first, then updates, each in ' +
        'the order sent. Each record written emits the events its single request would. The ' +
        `request is refused whole (400) only when it is not this shape or holds more than ` +
        `${maxBulkWrite} records.`,
      request: jsonRequest(body),
      responses: {
        200: jsonResponse(answer, 'A result per record'),
        ...errorResponses(400, 401, 413, 415, 429),
      },
    }),
    async (c) => {
      const input = validated<z.output<typeof body>>(c, 'json')
      const { tenantId } = c.get('auth')
      const results = await inTransaction(c.get('db'), async (trx) => {
        const done: BulkResult<T>[] = []
        for (const [index, record] of (input.create ?? []).entries()) {
          const at = { operation: 'create', index } as const
          done.push(
            await writeOne(trx, at, 201, () =>
              resource.create(trx, tenantId, parse(resource.createBody, record), clock.now()),
            ),
          )
        }
        for (const [index, record] of (input.update ?? []).entries()) {
          const at = { operation: 'update', index } as const
          done.push(
            await writeOne(trx, at, 200, async () => {
              const { id, ...fields } = (record ?? {}) as { id?: unknown }
              const target = parse(updateId, { id }).id
              const changes = parse(resource.updateBody, fields)
              return resource.update(trx, tenantId, target, changes, clock.now())
            }),
          )
        }
        return done
      })
      const applied = results.filter((result) => result.error === undefined).length
      return c.json({ results, applied, failed: results.length - applied }, 200)
    },
  )
}
