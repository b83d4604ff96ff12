import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import type { CreatedWebhookSubscription, WebhookSubscription } from '../../api/types'
import { subscriptions } from '../../api/integrations'
import { integrationKeys } from '../../api/keys'
import { formatRelative } from '../../format/dates'
import { SecretDialog } from '../../ui/secret-dialog'
import { QueryView } from '../../ui/states'
import {
  SubscriptionForm,
  subscriptionInput,
  subscriptionSaveError,
  type SubscriptionFormValues,
} from './subscription-fields'
import '../inbound/inbound.css'
import { DataTable } from '../../ui/data-table'
import { WorkspaceNumberSetting } from '../workspace-number-setting'

/** A subscription's state in a few words. */
export function subscriptionState(subscription: WebhookSubscription): string {
  if (subscription.disabledReason) return `Stopped by Outpost: ${subscription.disabledReason}`
  if (!subscription.enabled) return 'Paused'
  if (subscription.failingSince) return `Failing since ${formatRelative(subscription.failingSince)}`
  return 'Delivering'
}

/** /settings/outbound: subscriptions to Outpost's events, and a form for a new one. */
export function SubscriptionsPage() {
  const queryClient = useQueryClient()
  const list = useQuery({ queryKey: integrationKeys.subscriptions, queryFn: subscriptions.list })
  const [created, setCreated] = useState<CreatedWebhookSubscription | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<SubscriptionFormValues>({
    defaultValues: { url: '', description: '', eventTypes: ['*'] },
  })
  const create = useMutation({
    mutationFn: (values: SubscriptionFormValues) => subscriptions.create(subscriptionInput(values)),
    onSuccess: (subscription) => {
      void queryClient.invalidateQueries({ queryKey: integrationKeys.subscriptions })
      form.reset()
      setCreated(subscription)
    },
    onError: (error) => setFormError(subscriptionSaveError(error, form)),
  })
  const submit = form.handleSubmit((values) => {
    setFormError(null)
    create.mutate(values)
  })

  return (
    <section aria-labelledby="outbound-heading">
      <h2 id="outbound-heading">Outbound webhooks</h2>
      <p className="section-intro">
        Outpost posts each change to people and deals to your endpoints, signed the Standard
        Webhooks way, retried for days when an endpoint is down, and never lost while this computer
        is offline.
      </p>
      <QueryView query={list} loading="Loading subscriptions" empty="No subscriptions yet">
        {(data) => (
          <DataTable columns={['Endpoint', 'Events', 'State']}>
            {data.data.map((subscription) => (
              <tr key={subscription.id}>
                <td>
                  <Link to={`/settings/outbound/${subscription.id}`}>{subscription.url}</Link>
                  {subscription.description && (
                    <span className="muted"> · {subscription.description}</span>
                  )}
                </td>
                <td className="mono">{subscription.eventTypes.join(', ')}</td>
                <td>{subscriptionState(subscription)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
      <SubscriptionForm
        form={form}
        title="New subscription"
        className="panel new-subscription"
        error={formError}
        onSubmit={submit}
      >
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          Subscribe
        </button>
      </SubscriptionForm>
      {/* Past this, the change feed answers 410 to older cursors (docs/events.md, Retention). */}
      <WorkspaceNumberSetting field="eventRetentionDays" />
      <SecretDialog
        title="Subscribed"
        secret={created?.secret ?? null}
        action={
          <Link className="button" to={`/settings/outbound/${created?.id}`}>
            Open the delivery log
          </Link>
        }
        onClose={() => setCreated(null)}
      >
        <p>
          Deliveries to <code>{created?.url}</code> are signed with this secret. Give it to the
          receiver so it can check them (any Standard Webhooks library does). It can be shown again
          on the subscription&apos;s page.
        </p>
      </SecretDialog>
    </section>
  )
}
