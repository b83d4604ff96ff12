import { createRoute, z } from '@hono/zod-openapi'
import type { RouteDeps } from '../app-env'
import { withAudit } from '../audit/with-audit'
import { requestOrigin } from '../http/request-origin'
import { errorResponses, idParams, jsonResponse, timestamp } from '../http/schema-types'
import { createRouter } from '../http/validation'
import { createLoginLink } from '../sessions/service'
import { getMember } from './service'

const signInLinkSchema = z
  .object({
    url: z.string().openapi({ description: 'Opens a session as the member; works once' }),
    expiresAt: timestamp,
  })
  .openapi('SignInLink')

/**
 * POST /{id}/sign-in-link: what `outpost login-link --user EMAIL` prints, for the computer's
 * owner in Settings, so a new member can be sent their first sign-in without a terminal. It needs
 * `server.manage` (route-permissions.ts), the machine owner's alone: the link signs in to every
 * workspace the account belongs to, and a workspace's admin must not reach the others that way.
 */
export const signInLinkRoute = ({ clock }: RouteDeps) =>
  createRouter().openapi(
    createRoute({
      method: 'post',
      path: '/{id}/sign-in-link',
      tags: ['Sign-in links'],
      operationId: 'createMemberSignInLink',
      summary: "A one-time link that signs a browser in as the member (the computer's owner only)",
      description:
        'Works once, within a day, as `outpost login-link --user EMAIL`. Needs `server.manage`, ' +
        "the computer's owner's: the session it opens reaches every workspace of the account.",
      request: { params: idParams },
      responses: {
        201: jsonResponse(signInLinkSchema, 'The link'),
        ...errorResponses(401, 403, 404, 429),
      },
    }),
    async (c) => {
      const auth = c.get('auth')
      const { id } = c.req.valid('param')
      const now = clock.now()
      const record = { action: 'create', targetType: 'sign-in-link', targetId: id } as const
      const link = await withAudit(c.get('db'), auth, now, record, async (trx) => {
        await getMember(trx, auth.tenantId, id)
        return createLoginLink(trx, now, id)
      })
      return c.json(
        { url: `${requestOrigin(c)}/login?token=${link.secret}`, expiresAt: link.expiresAt },
        201,
      )
    },
  )
