import { z } from '@hono/zod-openapi'
import { timestamp } from '../http/schema-types'
import { tunnelProviderNames } from './providers/provider'

export const tunnelProviderSchema = z.enum(tunnelProviderNames)

export const tunnelSchema = z
  .object({
    enabled: z
      .boolean()
      .openapi({ description: 'Whether the tunnel should be up (it comes back after a restart)' }),
    provider: tunnelProviderSchema,
    localtunnelHost: z
      .string()
      .nullable()
      .openapi({ description: 'localtunnel server; null means https://localtunnel.me' }),
    subdomain: z
      .string()
      .nullable()
      .openapi({ description: 'localtunnel subdomain to ask for, for a stable URL' }),
    ngrokAuthtokenSet: z
      .boolean()
      .openapi({ description: 'Whether an ngrok authtoken is stored (it is never returned)' }),
    status: z.enum(['off', 'connecting', 'connected', 'reconnecting']),
    publicUrl: z.string().nullable().openapi({
      description: 'Public base URL while connected; only /webhooks/in/* is reachable through it',
    }),
    lastError: z.string().nullable(),
    failures: z.number().int(),
    nextAttemptAt: timestamp.nullable(),
    providers: z.array(
      z.object({
        name: tunnelProviderSchema,
        available: z.boolean(),
        reason: z.string().nullable(),
      }),
    ),
  })
  .openapi('Tunnel')

export const updateTunnelBody = z
  .strictObject({
    enabled: z.boolean().optional(),
    provider: tunnelProviderSchema.optional(),
    localtunnelHost: z
      .url({ protocol: /^https?$/ })
      .nullable()
      .optional(),
    subdomain: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9-]{2,61}[a-z0-9]$/,
        'must be 4 to 63 lower-case letters, digits or dashes',
      )
      .nullable()
      .optional(),
    ngrokAuthtoken: z.string().trim().min(1).max(200).nullable().optional(),
  })
  .openapi('UpdateTunnel')

export type Tunnel = z.infer<typeof tunnelSchema>
export type UpdateTunnelInput = z.infer<typeof updateTunnelBody>
