import type { Context } from 'hono'
import type { z } from '@hono/zod-openapi'
import { checkPassword } from '../accounts/service'
import type { AppDeps } from '../app-env'
import { clientAddress } from '../http/client-address'
import { ApiError } from '../http/errors'
import { validationFailure } from '../http/validation'

// Each attempt costs a scrypt (32 MiB, ~50 ms): ten a minute per address is plenty for a person.
const attemptsPerMinute = 10

/**
 * An e-mail and password signing in, as the UI (`POST /api/session/password`) and a laptop
 * becoming a replica (`POST /api/sync/v1/sign-in`) both do: attempts counted per address, across
 * both; the body read by `schema`; a wrong pair a 401 that says no more than that. Answers the
 * account and the body.
 */
export async function passwordSignIn<S extends z.ZodType<{ email: string; password: string }>>(
  c: Context,
  { db, rateLimiter }: Pick<AppDeps, 'db' | 'rateLimiter'>,
  schema: S,
): Promise<{ account: { id: string }; input: z.output<S> }> {
  const limit = await rateLimiter.admit(`sign-in:${clientAddress(c)}`, attemptsPerMinute)
  const parsed = schema.safeParse(await c.req.json().catch(() => undefined))
  if (!parsed.success) throw validationFailure(parsed.error, 'json')
  const account = await checkPassword(db, parsed.data.email, parsed.data.password)
  if (!account) {
    throw new ApiError(
      'unauthorized',
      'The e-mail or password is not right',
      undefined,
      limit.headers,
    )
  }
  return { account, input: parsed.data }
}
