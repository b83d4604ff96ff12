import { z } from '@hono/zod-openapi'

export const desktopExchangeBody = z.strictObject({
  secret: z.string().min(1).max(200),
})
