import { z } from '@hono/zod-openapi'
import { activityExample, createActivityExample, updateActivityExample } from '../http/examples'
import { pageQuery, pageSchema } from '../http/pagination'
import { clockTime, reminderMinutes, text, timeZone, timestamp, uuid } from '../http/schema-types'

/** The types every workspace has; a workspace may add its own (activity types). */
export const builtInActivityTypes = ['call', 'meeting', 'email', 'task', 'deadline'] as const
export const priorities = ['low', 'normal', 'high'] as const
export const recurrences = ['daily', 'weekly', 'monthly'] as const

const date = z.iso.date('must be a date like 2026-12-31')

export const activitySchema = z
  .object({
    id: uuid,
    tenantId: uuid,
    type: z.string().openapi({
      example: 'call',
      description: `${builtInActivityTypes.join(', ')}, or a type the workspace added`,
    }),
    subject: z.string().openapi({ example: 'Call about the renewal' }),
    body: z.string().openapi({ description: 'Markdown' }),
    dueDate: z.string().nullable().openapi({ format: 'date', example: '2026-12-01' }),
    dueTime: z.string().nullable().openapi({
      example: '14:30',
      description: 'HH:MM in timeZone; null for a date-only activity',
    }),
    timeZone: z.string().openapi({ example: 'America/Sao_Paulo' }),
    dueAt: timestamp.nullable().openapi({
      description: 'The instant it is due (a date-only one: the start of its day in timeZone)',
    }),
    durationMinutes: z.number().int().nullable(),
    done: z.boolean(),
    doneAt: timestamp.nullable(),
    outcome: z.string().nullable().openapi({ example: 'Left a voicemail' }),
    priority: z.enum(priorities),
    assigneeId: uuid.nullable(),
    dealId: uuid.nullable(),
    companyId: uuid.nullable(),
    personIds: z.array(uuid),
    recurrence: z.enum(recurrences).nullable().openapi({
      description: 'When one is marked done, the next is created (docs/activities.md)',
    }),
    reminderMinutes: z
      .number()
      .int()
      .nullable()
      .openapi({
        description:
          'Minutes before the due time (a date-only one: before the morning digest) that ' +
          'reminder.due fires; null for no reminder',
      }),
    remindAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi('Activity', {
    example: activityExample,
    description:
      'A call, meeting, e-mail, task or deadline: a done one in the past is a log entry, an ' +
      'open one is scheduled work.',
  })

export const activityPageSchema = pageSchema(activitySchema, 'ActivityPage')

const linkFields = {
  assigneeId: uuid.nullable().optional(),
  dealId: uuid.nullable().optional(),
  companyId: uuid.nullable().optional().openapi({
    description: "When not sent: the deal's company, else the first person's",
  }),
  personIds: z.array(uuid).max(50).optional(),
}

const scheduleFields = {
  body: z.string().max(100_000).optional(),
  dueDate: date.nullable().optional(),
  dueTime: clockTime.nullable().optional(),
  timeZone: timeZone.optional().openapi({
    description: "Where dueDate and dueTime are read; the workspace's zone when not sent",
  }),
  durationMinutes: z.number().int().min(0).max(10_080).nullable().optional(),
  outcome: text(500)
    .nullable()
    .optional()
    .openapi({ type: ['string', 'null'] }),
  priority: z.enum(priorities).optional(),
  recurrence: z.enum(recurrences).nullable().optional(),
  reminderMinutes: reminderMinutes
    .nullable()
    .optional()
    .openapi({
      description:
        "null for none; when not sent, the workspace's default for a timed activity and the " +
        'morning digest of its day for a date-only one',
    }),
}

export const createActivityBody = z
  .strictObject({
    type: z.string().min(1).max(40).default('task').openapi({ default: 'task' }),
    subject: text(200),
    done: z.boolean().optional().openapi({
      description: 'true logs something already done; without a dueDate it is dated now',
    }),
    ...scheduleFields,
    ...linkFields,
  })
  .openapi('CreateActivity', { example: createActivityExample })

export const updateActivityBody = z
  .strictObject({
    type: z.string().min(1).max(40).optional(),
    subject: text(200).optional(),
    done: z.boolean().optional(),
    ...scheduleFields,
    ...linkFields,
  })
  .openapi('UpdateActivity', {
    example: updateActivityExample,
    description:
      'Fields not sent stay unchanged; null clears an optional field; personIds replaces the set.',
  })

export const snoozeBody = z
  .strictObject({
    minutes: z.number().int().min(1).max(40_320).openapi({ example: 10 }),
  })
  .openapi('SnoozeActivity')

const flag = z.enum(['true', 'false']).transform((value) => value === 'true')

export const activityQuery = pageQuery.extend({
  personId: uuid.optional(),
  dealId: uuid.optional(),
  companyId: uuid.optional(),
  assigneeId: uuid.optional(),
  type: z.string().max(40).optional(),
  q: z.string().max(200).optional().openapi({ description: 'The subject contains this text' }),
  done: flag.optional().openapi({ type: 'string', enum: ['true', 'false'] }),
  dueFrom: date.optional().openapi({ description: 'Due on or after this date' }),
  dueTo: date.optional().openapi({ description: 'Due on or before this date' }),
  sort: z.enum(['-createdAt', 'dueAt']).default('-createdAt').openapi({
    description: 'Newest first (the default), or soonest due first with undated ones last',
  }),
})

export type Activity = z.infer<typeof activitySchema>
export type CreateActivityInput = z.output<typeof createActivityBody>
export type UpdateActivityInput = z.output<typeof updateActivityBody>
export type ActivityQuery = z.output<typeof activityQuery>

export const activityTypeSchema = z
  .object({
    key: z.string().openapi({ example: 'visit' }),
    name: z.string().openapi({ example: 'Site visit' }),
    builtIn: z.boolean(),
  })
  .openapi('ActivityType')

export const createActivityTypeBody = z
  .strictObject({
    key: z
      .string()
      .regex(/^[a-z][a-z0-9_-]{0,39}$/, 'must be lower case letters, digits, - or _, up to 40')
      .openapi({ example: 'visit' }),
    name: text(60),
  })
  .openapi('CreateActivityType')

export type ActivityType = z.infer<typeof activityTypeSchema>
export type CreateActivityTypeInput = z.output<typeof createActivityTypeBody>
