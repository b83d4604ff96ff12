import { z } from '@hono/zod-openapi'
import { createNoteExample, noteExample, updateNoteExample } from '../http/examples'
import { pageQuery, pageSchema } from '../http/pagination'
import { timestamp, uuid } from '../http/schema-types'

export const noteSchema = z
  .object({
    id: uuid,
    tenantId: uuid,
    body: z.string().openapi({ description: 'Markdown', example: 'Prefers calls after lunch.' }),
    authorId: uuid.nullable(),
    pinned: z.boolean().openapi({ description: 'Pinned notes head the timeline' }),
    personId: uuid.nullable(),
    dealId: uuid.nullable(),
    companyId: uuid.nullable().openapi({
      description: "The company's own note, or the company of the person or deal it is on",
    }),
    notedAt: timestamp.openapi({ description: 'When what it records happened (back-datable)' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi('Note', {
    example: noteExample,
    description:
      'A note on a person, a deal or a company; it belongs to that record and is deleted with it.',
  })

export const notePageSchema = pageSchema(noteSchema, 'NotePage')

const body = z.string().trim().min(1).max(100_000)
const notedAt = z.iso.datetime({
  offset: true,
  message: 'must be a date-time like 2026-11-20T14:00:00Z',
})

export const createNoteBody = z
  .strictObject({
    body,
    personId: uuid.nullable().optional(),
    dealId: uuid.nullable().optional(),
    companyId: uuid.nullable().optional().openapi({
      description: "When not sent: the deal's company, else the person's",
    }),
    authorId: uuid.nullable().optional(),
    pinned: z.boolean().optional(),
    notedAt: notedAt.optional().openapi({ description: 'Now when not sent; not in the future' }),
  })
  .openapi('CreateNote', {
    example: createNoteExample,
    description: 'At least one of personId, dealId and companyId.',
  })

export const updateNoteBody = z
  .strictObject({
    body: body.optional(),
    authorId: uuid.nullable().optional(),
    pinned: z.boolean().optional(),
    notedAt: notedAt.optional(),
  })
  .openapi('UpdateNote', {
    example: updateNoteExample,
    description: 'Fields not sent stay unchanged.',
  })

const flag = z.enum(['true', 'false']).transform((value) => value === 'true')

export const noteQuery = pageQuery.extend({
  personId: uuid.optional(),
  dealId: uuid.optional(),
  companyId: uuid.optional(),
  pinned: flag.optional().openapi({ type: 'string', enum: ['true', 'false'] }),
})

export type Note = z.infer<typeof noteSchema>
export type CreateNoteInput = z.output<typeof createNoteBody>
export type UpdateNoteInput = z.output<typeof updateNoteBody>
export type NoteQuery = z.output<typeof noteQuery>
