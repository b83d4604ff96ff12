import { createRoute, z } from '@hono/zod-openapi'
import type { AppDeps } from '../app-env'
import { crudRoutes } from '../http/crud-routes'
import {
  errorResponses,
  idParams,
  jsonRequest,
  jsonResponse,
  noContent,
} from '../http/schema-types'
import { createRouter, validated } from '../http/validation'
import { createActivityType, deleteActivityType, listActivityTypes } from './activity-types'
import { buckets, getMyWork } from './my-work'
import {
  activityPageSchema,
  activityQuery,
  activitySchema,
  activityTypeSchema,
  createActivityBody,
  createActivityTypeBody,
  snoozeBody,
  updateActivityBody,
  type ActivityQuery,
  type CreateActivityTypeInput,
} from './schema'
import {
  createActivity,
  deleteActivity,
  getActivity,
  listActivities,
  snoozeActivity,
  updateActivity,
} from './service'

const tags = ['Activities']

/** /api/v1/activities: Outpost's extension of the contract (docs/activities.md). */
export function activitiesRoutes(deps: AppDeps) {
  const { db, clock } = deps
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: 'List activities, newest first or soonest due, with filters',
        request: { query: activityQuery },
        responses: {
          200: jsonResponse(activityPageSchema, 'One page of activities'),
          ...errorResponses(400, 401, 429),
        },
      }),
      async (c) => {
        const query = validated<ActivityQuery>(c, 'query')
        return c.json(await listActivities(db, c.var.auth.tenantId, query), 200)
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/snooze',
        tags,
        summary: 'Fire the reminder again in some minutes',
        request: { params: idParams, ...jsonRequest(snoozeBody) },
        responses: {
          200: jsonResponse(activitySchema, 'The activity, with its new remindAt'),
          ...errorResponses(400, 401, 404, 413, 415, 429),
        },
      }),
      async (c) => {
        const { minutes } = validated<z.output<typeof snoozeBody>>(c, 'json')
        const { tenantId } = c.var.auth
        const id = c.req.param('id')
        return c.json(await snoozeActivity(db, tenantId, id, minutes, clock.now()), 200)
      },
    )
    .route(
      '/',
      crudRoutes(deps, {
        tag: 'Activities',
        noun: 'activity',
        basePath: '/api/v1/activities',
        item: activitySchema,
        page: activityPageSchema,
        createBody: createActivityBody,
        updateBody: updateActivityBody,
        createErrors: [422],
        updateErrors: [422],
        deleteErrors: [],
        deleteSummary: 'Delete an activity',
        summaries: {
          create: 'Log or schedule an activity',
          update: 'Change an activity; done: true marks it done (and schedules a repeat)',
        },
        authErrors: [],
        service: {
          get: getActivity,
          create: createActivity,
          update: updateActivity,
          remove: deleteActivity,
        },
      }),
    )
}

const typeTags = ['Activity types']

/** /api/app/v1/activity-types: the built-in types and those the workspace adds. */
export function activityTypesRoutes({ db, clock }: AppDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags: typeTags,
        summary: 'List activity types: the built-in ones, then those added',
        responses: {
          200: jsonResponse(z.object({ data: z.array(activityTypeSchema) }), 'The types'),
          ...errorResponses(401, 403, 429),
        },
      }),
      async (c) => c.json({ data: await listActivityTypes(db, c.var.auth.tenantId) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        tags: typeTags,
        summary: 'Add an activity type',
        request: jsonRequest(createActivityTypeBody),
        responses: {
          201: jsonResponse(activityTypeSchema, 'The type'),
          ...errorResponses(400, 401, 403, 409, 413, 415, 429),
        },
      }),
      async (c) => {
        const input = validated<CreateActivityTypeInput>(c, 'json')
        return c.json(await createActivityType(db, c.var.auth.tenantId, input, clock.now()), 201)
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{key}',
        tags: typeTags,
        summary: 'Remove an added type; its activities keep it',
        request: {
          params: z.object({ key: z.string().openapi({ param: { name: 'key', in: 'path' } }) }),
        },
        responses: { 204: noContent, ...errorResponses(401, 403, 404, 409, 429) },
      }),
      async (c) => {
        await deleteActivityType(db, c.var.auth.tenantId, c.req.valid('param').key)
        return c.body(null, 204)
      },
    )
}

const myWorkSchema = z
  .object({
    today: z.string().openapi({ format: 'date', description: "Today in the workspace's zone" }),
    timeZone: z.string(),
    buckets: z.object(
      Object.fromEntries(buckets.map((bucket) => [bucket, z.array(activitySchema)])),
    ),
    badge: z.number().int().openapi({ description: 'Overdue plus today' }),
    truncated: z.boolean(),
    names: z
      .object({
        people: z.record(z.string(), z.string()),
        deals: z.record(z.string(), z.string()),
      })
      .openapi({ description: 'Names of the linked people and titles of the linked deals, by id' }),
  })
  .openapi('MyWork')

/** /api/app/v1/my-work: open activities by when they are due, for the My work screen. */
export function myWorkRoutes({ db, clock }: AppDeps) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Activities'],
      summary: 'Open activities: overdue, today, tomorrow, the rest of this week, and undated',
      request: { query: z.strictObject({ assigneeId: z.uuid().optional() }) },
      responses: {
        200: jsonResponse(myWorkSchema, 'The buckets'),
        ...errorResponses(400, 401, 403, 429),
      },
    }),
    async (c) => {
      const { assigneeId } = validated<{ assigneeId?: string }>(c, 'query')
      return c.json(await getMyWork(db, c.var.auth.tenantId, clock.now(), assigneeId), 200)
    },
  )
}
