import { createRoute, type z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { RouteDeps, AppEnv } from '../app-env'
import type { AuditRecord } from '../audit/service'
import { withAudit } from '../audit/with-audit'
import type { Db } from '../db/connection'
import type { PageAfter } from '../db/record-page'
import { assertOneStart, cursorPageQuery, nextLink, nextLinkHeader } from './page-cursor'
import { pageQuery, type Page, type PageRequest } from './pagination'
import { sendAnswer, type Answer } from './raw-json'
import {
  errorResponses,
  idParams,
  jsonRequest,
  jsonResponse,
  locationHeader,
  noContent,
} from './schema-types'
import { createRouter, validated } from './validation'

/** The five operations of a workspace-owned resource, as its service implements them. */
export interface CrudService<T, C, U, Created = T> {
  /** A list with `cursor` also takes `after`, and answers where the next page starts. */
  list(
    db: Db,
    tenantId: string,
    request: PageRequest & { after?: PageAfter },
  ): Promise<Page<Answer<T>> & { next?: PageAfter | null }>
  get(db: Db, tenantId: string, id: string): Promise<Answer<T>>
  /** `c` for what only the request knows, such as the address a created URL is shown on. */
  create(db: Db, tenantId: string, input: C, now: Date, c: Context<AppEnv>): Promise<Created>
  update(db: Db, tenantId: string, id: string, input: U, now: Date, c: Context<AppEnv>): Promise<T>
  remove(db: Db, tenantId: string, id: string, now: Date, c: Context<AppEnv>): Promise<void>
}

type Operation = keyof CrudService<unknown, unknown, unknown>

export interface CrudResource<S extends z.ZodType, C extends z.ZodType, U extends z.ZodType> {
  /** OpenAPI tag, plural: `People`. */
  tag: string
  /** Singular, for summaries: `person`. */
  noun: string
  /** Plural, for descriptions, when it is not the tag in lower case. */
  plural?: string
  /**
   * The nouns of the operationIds (`listPeople`, `getPerson`), when the noun and plural above do
   * not name the resource well enough on their own: `{ one: 'ApiToken', many: 'ApiTokens' }`.
   */
  operationNouns?: { one: string; many: string }
  /** Where a created item lives, for the Location header: `/api/v1/people`. */
  basePath: string
  item: S
  page: z.ZodType
  /** The list also takes `after` and links its next page (people and deals, Outpost extension). */
  cursor?: boolean
  /**
   * The list's query when it takes more than the pages (and `after` with `cursor`): the v1
   * extensions' filters and sort. Its service's `list` receives it validated.
   */
  listQuery?: z.ZodObject
  /** The list's OpenAPI description, where it says more than its summary. */
  listDescription?: string
  createBody?: C
  updateBody?: U
  /** What create answers when it is more than the item: a secret or URL shown only then. */
  created?: { schema: z.ZodType; description: string }
  /** Summaries that say more than "Get a person"; delete always has its own. */
  summaries?: Partial<Record<Exclude<Operation, 'remove'>, string>>
  deleteSummary: string
  /** Error statuses beyond those every route has (400, 401, 413, 415, 429 and 404 by id). */
  createErrors?: number[]
  updateErrors?: number[]
  deleteErrors?: number[]
  /** Statuses every route of the resource can add (403 for the management API). */
  authErrors: number[]
  /**
   * The resource's name in the audit log (`token`): its creates, updates and deletes are recorded
   * there, in the same transaction as the change. Left out for records (people, deals...), whose
   * changes the events tell.
   */
  audit?: string
  /** The operations the resource has; a resource without an update has no PATCH route. */
  service: Partial<CrudService<z.output<S>, z.output<C>, z.output<U>, unknown>>
}

/** `lost reasons` -> `LostReasons`: a noun as it goes into an operationId. */
export function pascalCase(words: string): string {
  return words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')
}

// What is created with a secret in it (a token, a webhook URL) must not linger in caches.
const noStore = { 'Cache-Control': 'no-store' }

/**
 * The list, get, create, update and delete routes of one resource, those its service has:
 * paginated list newest first, 201 with Location on create, partial update, 204 on delete.
 */
export function crudRoutes<S extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  { clock }: RouteDeps,
  resource: CrudResource<S, C, U>,
) {
  const { tag, noun, service, authErrors, summaries = {} } = resource
  const plural = resource.plural ?? tag.toLowerCase()
  // Stable names for generated clients: verb + noun, the verbs of the service's operations.
  const { one, many } = resource.operationNouns ?? {
    one: pascalCase(noun),
    many: pascalCase(plural),
  }
  const a = /^[aeiou]/i.test(noun) ? 'an' : 'a'
  const { list, get, create, update, remove } = service
  const tags = [tag]
  const withBody = [400, 401, 413, 415, 429, ...authErrors]
  const router = createRouter()
  // Runs a change, and records it in the audit log in its transaction when the resource is audited.
  const audited = <R>(
    c: Context<AppEnv>,
    record: Omit<AuditRecord, 'targetType'>,
    work: (db: Db) => Promise<R>,
  ): Promise<R> => {
    const targetType = resource.audit
    if (!targetType) return work(c.get('db'))
    return withAudit(c.get('db'), c.get('auth'), clock.now(), { ...record, targetType }, work)
  }
  if (list) {
    router.openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        operationId: `list${many}`,
        summary: summaries.list ?? `List ${plural}, newest first`,
        description:
          resource.listDescription ??
          `One page of the workspace's ${plural}, newest first (\`createdAt\`, then \`id\`). ` +
            'Walk the pages by increasing `page` until `hasMore` is false' +
            (resource.cursor
              ? ', or follow the `Link: rel="next"` header, whose `after` cursor neither skips ' +
                'nor repeats a record when others are written meanwhile.'
              : '.'),
        request: {
          query: resource.listQuery ?? (resource.cursor ? cursorPageQuery : pageQuery),
        },
        responses: {
          200: {
            ...jsonResponse(resource.page, `One page of ${plural}`),
            ...(resource.cursor ? { headers: nextLinkHeader } : {}),
          },
          ...errorResponses(400, 401, 429, ...authErrors),
        },
      }),
      async (c) => {
        const request = validated<z.output<typeof cursorPageQuery>>(c, 'query')
        assertOneStart(c, request.after)
        const { next, ...page } = await list(c.get('db'), c.get('auth').tenantId, request)
        if (next) c.header('Link', nextLink(c, page.pageSize, next))
        return sendAnswer(c, page, 200)
      },
    )
  }
  if (get) {
    router.openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        tags,
        operationId: `get${one}`,
        summary: summaries.get ?? `Get ${a} ${noun}`,
        description: `The ${noun} with this id; 404 when the workspace has none.`,
        request: { params: idParams },
        responses: {
          200: jsonResponse(resource.item, `The ${noun}`),
          ...errorResponses(401, 404, 429, ...authErrors),
        },
      }),
      async (c) =>
        sendAnswer(c, await get(c.get('db'), c.get('auth').tenantId, c.req.valid('param').id), 200),
    )
  }
  if (create && resource.createBody) {
    const { schema, description } = resource.created ?? {
      schema: resource.item,
      description: `The created ${noun}`,
    }
    router.openapi(
      createRoute({
        method: 'post',
        path: '/',
        tags,
        operationId: `create${one}`,
        summary: summaries.create ?? `Create ${a} ${noun}`,
        description:
          `Creates ${a} ${noun} and answers it with 201` +
          (get ? ' and its URL in `Location`.' : '.') +
          ' Fields left out take their documented defaults.',
        request: jsonRequest(resource.createBody),
        responses: {
          201: {
            ...jsonResponse(schema, description),
            ...(get ? { headers: locationHeader } : {}),
          },
          ...errorResponses(...withBody, ...(resource.createErrors ?? [])),
        },
      }),
      async (c) => {
        const input = validated<z.output<C>>(c, 'json')
        const created = await audited(
          c,
          { action: 'create', targetId: null, changes: input },
          (db) => create(db, c.get('auth').tenantId, input, clock.now(), c),
        )
        // Location only where the item can be read back.
        const id = (created as { id: string }).id
        const location: Record<string, string> = get
          ? { Location: `${resource.basePath}/${id}` }
          : {}
        return c.json(created, 201, resource.created ? { ...location, ...noStore } : location)
      },
    )
  }
  if (update && resource.updateBody) {
    router.openapi(
      createRoute({
        method: 'patch',
        path: '/{id}',
        tags,
        operationId: `update${one}`,
        summary: summaries.update ?? `Update some fields of ${a} ${noun}`,
        description:
          'Changes the fields sent and leaves the others as they are; `null` clears an optional ' +
          `field. Answers the whole ${noun} as it now is.`,
        request: { params: idParams, ...jsonRequest(resource.updateBody) },
        responses: {
          200: jsonResponse(resource.item, `The updated ${noun}`),
          ...errorResponses(...withBody, 404, ...(resource.updateErrors ?? [])),
        },
      }),
      async (c) => {
        const input = validated<z.output<U>>(c, 'json')
        const { tenantId } = c.get('auth')
        const id = c.req.param('id')
        const updated = await audited(c, { action: 'update', targetId: id, changes: input }, (db) =>
          update(db, tenantId, id, input, clock.now(), c),
        )
        return c.json(updated, 200)
      },
    )
  }
  if (remove) {
    router.openapi(
      createRoute({
        method: 'delete',
        path: '/{id}',
        tags,
        operationId: `delete${one}`,
        summary: resource.deleteSummary,
        description: `Deletes the ${noun} for good (there is no undelete) and answers 204.`,
        request: { params: idParams },
        responses: {
          204: noContent,
          ...errorResponses(401, 404, 429, ...authErrors, ...(resource.deleteErrors ?? [])),
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param')
        await audited(c, { action: 'delete', targetId: id }, (db) =>
          remove(db, c.get('auth').tenantId, id, clock.now(), c),
        )
        return c.body(null, 204)
      },
    )
  }
  return router
}
