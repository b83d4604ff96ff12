import { Hono } from 'hono'
import { z } from '@hono/zod-openapi'
import { findAccount, workspacesOfAccount } from '../accounts/lookup'
import { passwordSignInBody } from '../accounts/schema'
import type { AppDeps } from '../app-env'
import { createApiToken } from '../auth/service'
import { inTransaction, type Db } from '../db/connection'
import { ApiError } from '../http/errors'
import { jsonBody } from '../http/json-body'
import { text, uuid } from '../http/schema-types'
import { passwordSignIn } from '../sessions/password-sign-in'

const deviceSignInBody = passwordSignInBody.extend({
  /** Needed when the account belongs to several workspaces, unless all of them are asked for. */
  workspaceId: uuid.optional(),
  /** A token of each workspace of the account's: a replica of all of them. */
  allWorkspaces: z.boolean().optional(),
  /** The computer's name: the token is named after it, so the account can tell its devices. */
  device: text(80),
})

/**
 * `POST /api/sync/v1/sign-in`: a desktop app becoming a replica signs in with its user's account
 * on the team server (docs/sync-protocol.md, section 7) and gets an API token of the workspace
 * chosen, made by that account, so it may never do more than the account's role there. A wrong
 * e-mail or password says no more than that; an account of several workspaces is asked which
 * (422 naming `workspaceId`, with the workspaces it may choose), unless it asks for all of them
 * (`allWorkspaces`: a token of each).
 */
export function syncSignInRoutes({ db, clock, rateLimiter }: AppDeps) {
  const app = new Hono()
  app.post('/', jsonBody, async (c) => {
    c.header('Cache-Control', 'no-store')
    const { account: signedIn, input } = await passwordSignIn(
      c,
      { db, rateLimiter },
      deviceSignInBody,
    )
    const { workspaceId, device, allWorkspaces } = input
    const workspaces = (await workspacesOfAccount(db, signedIn.id)).map(({ id, name, role }) => ({
      id,
      name,
      role,
    }))
    const account = (await findAccount(db, signedIn.id))!
    const tokenOf = async (trx: Db, workspace: (typeof workspaces)[number]) => {
      const { token } = await createApiToken(
        trx,
        workspace.id,
        { name: `Sync: ${device} (${account.email})`, scope: 'api' },
        clock.now(),
        signedIn.id,
      )
      return { token, workspace }
    }
    if (allWorkspaces && workspaceId === undefined && workspaces.length > 0) {
      const links = await inTransaction(db, async (trx) => {
        const made = []
        for (const workspace of workspaces) made.push(await tokenOf(trx, workspace))
        return made
      })
      return c.json({ workspaces: links }, 201)
    }
    const chosen =
      workspaceId === undefined && workspaces.length === 1
        ? workspaces[0]
        : workspaces.find((workspace) => workspace.id === workspaceId)
    if (!chosen) {
      throw new ApiError(
        'validation_error',
        workspaces.length === 0
          ? 'This account belongs to no workspace on the team server'
          : workspaceId === undefined
            ? 'This account belongs to several workspaces: choose one'
            : 'This account does not belong to that workspace',
        { field: 'workspaceId', workspaces },
      )
    }
    return c.json(await tokenOf(db, chosen), 201)
  })
  return app
}
