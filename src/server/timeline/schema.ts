import { z } from '@hono/zod-openapi'
import { eventTypes } from '../../shared/events'
import { timestamp, uuid } from '../http/schema-types'

/** The newest events of a resource that a timeline shows, and its history keeps (history.ts). */
export const timelineLength = 200

export const timelineEventSchema = z
  .object({
    id: uuid,
    type: z.enum(eventTypes),
    createdAt: timestamp,
    tenantId: uuid,
    data: z.record(z.string(), z.unknown()).openapi({
      description:
        'As delivered: object, and previous and changes for updates; past the event ' +
        'retention, object holds only the fields the change named and the record name',
    }),
    actor: z
      .object({
        kind: z.enum(['token', 'ui', 'user', 'inbound', 'import', 'system']),
        name: z.string().optional(),
        id: z.string().optional().openapi({ description: 'For `user`: the user' }),
      })
      .nullable()
      .openapi('Actor', {
        description:
          'Who or what made the change: an API token by name, the UI (`user` with the name of ' +
          'the person using it, when they said who they are), an inbound webhook by ' +
          'name, a CSV import, or Outpost itself; null for changes recorded before it was kept',
      }),
  })
  .openapi('TimelineEvent')

const namesById = z.record(z.string(), z.string())

export const timelineNamesSchema = z
  .object({ people: namesById, companies: namesById })
  .openapi('TimelineNames', {
    description:
      'The names of the people and companies the changes point at (before and after), by id; ' +
      'a record deleted since is not listed',
  })

export const timelineSchema = z
  .object({ data: z.array(timelineEventSchema), names: timelineNamesSchema })
  .openapi('Timeline', {
    description: `The resource's events, newest first (at most ${timelineLength})`,
  })

export type TimelineNames = z.infer<typeof timelineNamesSchema>

export type TimelineEvent = z.infer<typeof timelineEventSchema>
