import { z } from '@hono/zod-openapi'
import { createPersonExample, personExample, updatePersonExample } from '../http/examples'
import { lifecycleStages } from '../../shared/lifecycle'
import { pageSchema } from '../http/pagination'
import {
  customFieldsSchema,
  emailAddress,
  phoneNumber,
  tagsField,
  clearable,
  text,
  timestamp,
  uuid,
} from '../http/schema-types'

export const lifecycleStageSchema = z.enum(lifecycleStages)

export const personSchema = z
  .object({
    id: uuid,
    tenantId: uuid,
    fullName: z.string().openapi({ example: 'Ana Souza' }),
    primaryEmail: z.string().nullable().openapi({ format: 'email', example: 'ana@acme.com.br' }),
    primaryPhone: z
      .string()
      .nullable()
      .openapi({ example: '+5511912345678', description: 'E.164' }),
    companyId: uuid.nullable(),
    ownerId: uuid.nullable().openapi({ description: 'Responsible user in the workspace' }),
    lifecycleStage: lifecycleStageSchema.nullable(),
    leadSource: z.string().nullable(),
    tags: z.array(z.string()),
    customFields: customFieldsSchema,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi('Person', {
    example: personExample,
    description:
      'Optional fields without a value are null; tags is [] and customFields {} when empty.',
  })

export const personPageSchema = pageSchema(personSchema, 'PersonPage')

const writableFields = {
  primaryEmail: clearable(
    emailAddress,
    'Unique in the workspace, compared without case; stored trimmed and lower-cased',
  ),
  primaryPhone: clearable(phoneNumber),
  companyId: uuid.nullable().optional(),
  ownerId: uuid.nullable().optional(),
  lifecycleStage: lifecycleStageSchema.nullable().optional(),
  leadSource: clearable(text(200)),
  tags: tagsField,
}

export const createPersonBody = z
  .strictObject({ fullName: text(200), ...writableFields })
  .openapi('CreatePerson', { example: createPersonExample })

export const updatePersonBody = z
  .strictObject({ fullName: text(200).optional(), ...writableFields })
  .openapi('UpdatePerson', {
    example: updatePersonExample,
    description:
      'Fields not sent stay unchanged; null clears an optional field; tags replaces the set.',
  })

export const upsertPersonBody = z
  .strictObject({
    ...writableFields,
    primaryEmail: emailAddress.openapi({
      description:
        'Who to create or update: the person holding this e-mail in the workspace (compared without case)',
    }),
    fullName: text(200)
      .optional()
      .openapi({ description: 'Required when no person has the e-mail yet' }),
  })
  .openapi('UpsertPerson', {
    description:
      'The fields of POST /api/v1/people, primaryEmail required. Updating, fields not sent stay ' +
      'unchanged, null clears, tags replaces the set (as PATCH).',
  })

export type Person = z.infer<typeof personSchema>
export type CreatePersonInput = z.infer<typeof createPersonBody>
export type UpdatePersonInput = z.infer<typeof updatePersonBody>
export type UpsertPersonInput = z.infer<typeof upsertPersonBody>
