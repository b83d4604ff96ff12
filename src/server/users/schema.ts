import { z } from '@hono/zod-openapi'
import { pageSchema } from '../http/pagination'
import { clearable, emailAddress, text, timestamp, uuid } from '../http/schema-types'

export const userSchema = z
  .object({
    id: uuid,
    tenantId: uuid,
    name: z.string(),
    email: z.string().nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi('User', {
    description: 'A member of the workspace; people and deals name one as owner.',
  })

export const userPageSchema = pageSchema(userSchema, 'UserPage')

export const createUserBody = z
  .strictObject({ name: text(200), email: clearable(emailAddress) })
  .openapi('CreateUser')

export const updateUserBody = z
  .strictObject({ name: text(200).optional(), email: clearable(emailAddress) })
  .openapi('UpdateUser')

export type User = z.infer<typeof userSchema>
export type CreateUserInput = z.infer<typeof createUserBody>
export type UpdateUserInput = z.infer<typeof updateUserBody>
