import type { z } from '@hono/zod-openapi'
import { describe, expectTypeOf, it } from 'vitest'
import type * as shared from '../src/shared/api-types'
import type { apiTokenSchema, createdApiTokenSchema } from '../src/server/auth/schema'
import type { companySchema } from '../src/server/companies/schema'
import type { boardSchema } from '../src/server/deals/board-schema'
import type { dealSchema } from '../src/server/deals/schema'
import type { lostReasonSchema } from '../src/server/lost-reasons/schema'
import type { personSchema } from '../src/server/people/schema'
import type { pipelineSchema } from '../src/server/pipelines/schema'
import type { SessionState } from '../src/server/sessions/schema'
import type { importResultSchema } from '../src/server/imports/schema'
import type {
  deliverySchema,
  dryRunResultSchema,
  inboundWebhookSchema,
  inboundWebhookWithUrlSchema,
} from '../src/server/inbound/schema'
import type { timelineEventSchema } from '../src/server/timeline/schema'
import type { tunnelSchema, updateTunnelBody } from '../src/server/tunnel/schema'
import type { userSchema } from '../src/server/users/schema'
import type {
  attemptSchema,
  createdSubscriptionSchema,
  signingSecretSchema,
  subscriptionSchema,
} from '../src/server/webhooks-out/schema'

// The UI reads the API through the types in src/shared/api-types.ts; these checks fail the
// typecheck (and so `npm test`) when a server schema and its UI type drift apart.
describe('types shared with the UI', () => {
  it('match the server schemas', () => {
    expectTypeOf<shared.Person>().toEqualTypeOf<z.infer<typeof personSchema>>()
    expectTypeOf<shared.Deal>().toEqualTypeOf<z.infer<typeof dealSchema>>()
    expectTypeOf<shared.Pipeline>().toEqualTypeOf<z.infer<typeof pipelineSchema>>()
    expectTypeOf<shared.User>().toEqualTypeOf<z.infer<typeof userSchema>>()
    expectTypeOf<shared.Company>().toEqualTypeOf<z.infer<typeof companySchema>>()
    expectTypeOf<shared.LostReason>().toEqualTypeOf<z.infer<typeof lostReasonSchema>>()
    expectTypeOf<shared.ApiToken>().toEqualTypeOf<z.infer<typeof apiTokenSchema>>()
    expectTypeOf<shared.CreatedApiToken>().toEqualTypeOf<z.infer<typeof createdApiTokenSchema>>()
    expectTypeOf<shared.Board>().toEqualTypeOf<z.infer<typeof boardSchema>>()
    expectTypeOf<shared.TimelineEvent>().toEqualTypeOf<z.infer<typeof timelineEventSchema>>()
    expectTypeOf<shared.SessionState>().toEqualTypeOf<SessionState>()
    expectTypeOf<shared.InboundWebhook>().toEqualTypeOf<z.infer<typeof inboundWebhookSchema>>()
    expectTypeOf<shared.InboundWebhookWithUrl>().toEqualTypeOf<
      z.infer<typeof inboundWebhookWithUrlSchema>
    >()
    expectTypeOf<shared.InboundDelivery>().toEqualTypeOf<z.infer<typeof deliverySchema>>()
    expectTypeOf<shared.DryRunResult>().toEqualTypeOf<z.infer<typeof dryRunResultSchema>>()
    expectTypeOf<shared.WebhookSubscription>().toEqualTypeOf<z.infer<typeof subscriptionSchema>>()
    expectTypeOf<shared.CreatedWebhookSubscription>().toEqualTypeOf<
      z.infer<typeof createdSubscriptionSchema>
    >()
    expectTypeOf<shared.SigningSecret>().toEqualTypeOf<z.infer<typeof signingSecretSchema>>()
    expectTypeOf<shared.WebhookAttempt>().toEqualTypeOf<z.infer<typeof attemptSchema>>()
    expectTypeOf<shared.ImportResult>().toEqualTypeOf<z.infer<typeof importResultSchema>>()
    expectTypeOf<shared.Tunnel>().toEqualTypeOf<z.infer<typeof tunnelSchema>>()
    expectTypeOf<shared.TunnelUpdate>().toEqualTypeOf<z.input<typeof updateTunnelBody>>()
  })
})
