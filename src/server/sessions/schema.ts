import { z } from '@hono/zod-openapi'

export const desktopExchangeBody = z.strictObject({
  secret: z.string().min(1).max(200),
})

export interface SessionState {
  expiresAt: string
  /** Every workspace of the data folder: a session belongs to the machine's owner. */
  workspaces: { id: string; name: string }[]
}
