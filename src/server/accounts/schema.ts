import { z } from '@hono/zod-openapi'
import { roles } from '../../shared/permissions'
import { pageSchema } from '../http/pagination'
import { emailAddress, text, timestamp, uuid } from '../http/schema-types'

export const roleSchema = z.enum(roles).openapi({
  description:
    '`owner` and `admin` manage everything of the workspace (only owners make owners); ' +
    '`member` works records; `read-only` reads. See docs/security.md.',
})

export const memberSchema = z
  .object({
    id: uuid.openapi({ description: "The member's account" }),
    email: z.string(),
    name: z.string(),
    role: roleSchema,
    userId: uuid.nullable().openapi({
      description: 'The workspace user this account acts as: timelines name their changes',
    }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi('Member', {
    description: 'An account that may sign in to this workspace, and its role.',
  })

export const memberPageSchema = pageSchema(memberSchema, 'MemberPage')

export const inviteMemberBody = z
  .strictObject({
    email: emailAddress,
    name: text(200).optional().openapi({ description: 'Defaults to the part before the @' }),
    role: roleSchema,
  })
  .openapi('InviteMember', {
    description:
      'Adds the account with this e-mail (made when new, with no password: `outpost login-link ' +
      '--user EMAIL` prints its first sign-in link, as `POST /members/{id}/sign-in-link` makes one ' +
      "for the computer's owner) and a workspace user of the same name.",
  })

export const updateMemberBody = z.strictObject({ role: roleSchema }).openapi('UpdateMember')

export const passwordSignInBody = z.strictObject({
  email: z.string().min(1).max(320),
  password: z.string().min(1).max(1000),
})

export const setPasswordBody = z.strictObject({
  password: z.string().min(10).max(1000),
  /** Required once the account has a password: a browser left signed in cannot change it. */
  currentPassword: z.string().min(1).max(1000).optional(),
})

export type Member = z.infer<typeof memberSchema>
export type InviteMemberInput = z.output<typeof inviteMemberBody>
export type UpdateMemberInput = z.output<typeof updateMemberBody>
