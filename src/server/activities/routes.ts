import { createRoute, z } from '@hono/zod-openapi'
import type { RouteDeps } from '../app-env'
import { crudRoutes } from '../http/crud-routes'
import {
  errorResponses,
  idParams,
  jsonRequest,
  jsonResponse,
  noContent,
  uuid,
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
export function activitiesRoutes(deps: RouteDeps) {
  const { clock } = deps
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        operationId: 'listActivities',
        summary: 'List activities, newest first or soonest due, with filters',
        description:
          "One page of the workspace's activities. Filters narrow it (person, deal, company, assignee, type, subject text, done, due dates); `sort=dueAt` lists the soonest due first instead of the newest. See docs/activities.md.",
        request: { query: activityQuery },
        responses: {
          200: jsonResponse(activityPageSchema, 'One page of activities'),
          ...errorResponses(400, 401, 429),
        },
      }),
      async (c) => {
        const query = validated<ActivityQuery>(c, 'query')
        return c.json(await listActivities(c.get('db'), c.get('auth').tenantId, query), 200)
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/snooze',
        tags,
        operationId: 'snoozeActivityReminder',
        summary: 'Fire the reminder again in some minutes',
        description:
          "Sets the activity's reminder to fire again after the given minutes; `reminder.due` is emitted again then.",
        request: { params: idParams, ...jsonRequest(snoozeBody) },
        responses: {
          200: jsonResponse(activitySchema, 'The activity, with its new remindAt'),
          ...errorResponses(400, 401, 404, 413, 415, 429),
        },
      }),
      async (c) => {
        const { minutes } = validated<z.output<typeof snoozeBody>>(c, 'json')
        const { tenantId } = c.get('auth')
        const id = c.req.param('id')
        return c.json(await snoozeActivity(c.get('db'), tenantId, id, minutes, clock.now()), 200)
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
          create: (db, tenantId, input, now) => createActivity(db, tenantId, input, now),
          update: (db, tenantId, id, input, now) => updateActivity(db, tenantId, id, input, now),
          remove: deleteActivity,
        },
      }),
    )
}

const typeTags = ['Activity types']

/** /api/app/v1/activity-types: the built-in types and those the workspace adds. */
export function activityTypesRoutes({ clock }: RouteDeps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags: typeTags,
        operationId: 'listActivityTypes',
        summary: 'List activity types: the built-in ones, then those added',
        description:
          'The built-in types (call, meeting, email, task, deadline) first, then the ones the workspace added.',
        responses: {
          200: jsonResponse(z.object({ data: z.array(activityTypeSchema) }), 'The types'),
          ...errorResponses(401, 403, 429),
        },
      }),
      async (c) =>
        c.json({ data: await listActivityTypes(c.get('db'), c.get('auth').tenantId) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        tags: typeTags,
        operationId: 'createActivityType',
        summary: 'Add an activity type',
        description: 'Adds a type the workspace can give activities, beside the built-in ones.',
        request: jsonRequest(createActivityTypeBody),
        responses: {
          201: jsonResponse(activityTypeSchema, 'The type'),
          ...errorResponses(400, 401, 403, 409, 413, 415, 429),
        },
      }),
      async (c) => {
        const input = validated<CreateActivityTypeInput>(c, 'json')
        return c.json(
          await createActivityType(c.get('db'), c.get('auth').tenantId, input, clock.now()),
          201,
        )
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{key}',
        tags: typeTags,
        operationId: 'deleteActivityType',
        summary: 'Remove an added type; its activities keep it',
        description:
          'Removes a type the workspace added; activities of that type keep it. Built-in types cannot be removed.',
        request: {
          params: z.object({ key: z.string().openapi({ param: { name: 'key', in: 'path' } }) }),
        },
        responses: { 204: noContent, ...errorResponses(401, 403, 404, 409, 429) },
      }),
      async (c) => {
        await deleteActivityType(c.get('db'), c.get('auth').tenantId, c.req.valid('param').key)
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
export function myWorkRoutes({ clock }: RouteDeps) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Activities'],
      operationId: 'getMyWork',
      summary: 'Open activities: overdue, today, tomorrow, the rest of this week, and undated',
      description:
        "The open activities grouped by when they are due, in the workspace's time zone, with the names of the people and deals they link to.",
      request: { query: z.strictObject({ assigneeId: uuid.optional() }) },
      responses: {
        200: jsonResponse(myWorkSchema, 'The buckets'),
        ...errorResponses(400, 401, 403, 429),
      },
    }),
    async (c) => {
      const { assigneeId } = validated<{ assigneeId?: string }>(c, 'query')
      return c.json(
        await getMyWork(c.get('db'), c.get('auth').tenantId, clock.now(), assigneeId),
        200,
      )
    },
  )
}
