import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Trans, useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { CreatedWebhookSubscription, WebhookSubscription } from '../../api/types'
import { subscriptions } from '../../api/integrations'
import { integrationKeys } from '../../api/keys'
import { formatRelative } from '../../format/dates'
import { i18next } from '../../i18n/i18n'
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
  if (subscription.disabledReason) {
    return i18next.t('outbound:state.stopped', { reason: subscription.disabledReason })
  }
  if (!subscription.enabled) return i18next.t('outbound:state.paused')
  if (subscription.failingSince) {
    return i18next.t('outbound:state.failing', { when: formatRelative(subscription.failingSince) })
  }
  return i18next.t('outbound:state.delivering')
}

/** /settings/outbound: subscriptions to Outpost's events, and a form for a new one. */
export function SubscriptionsPage() {
  const { t } = useTranslation('outbound')
  const queryClient = useQueryClient()
  const list = useQuery({ queryKey: integrationKeys.subscriptions, queryFn: subscriptions.list })
  const [created, setCreated] = useState<CreatedWebhookSubscription | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<SubscriptionFormValues>({
    defaultValues: { url: '', description: '', eventTypes: ['*'], strictOrder: false },
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
      <h2 id="outbound-heading">{t('list.heading')}</h2>
      <p className="section-intro">{t('list.intro')}</p>
      <QueryView query={list} loading={t('list.loading')} empty={t('list.empty')}>
        {(data) => (
          <DataTable
            columns={[
              t('list.columns.endpoint'),
              t('list.columns.events'),
              t('list.columns.state'),
            ]}
          >
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
        title={t('list.newTitle')}
        className="panel new-subscription"
        error={formError}
        onSubmit={submit}
      >
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {t('list.subscribe')}
        </button>
      </SubscriptionForm>
      {/* Past this, the change feed answers 410 to older cursors (docs/events.md, Retention). */}
      <WorkspaceNumberSetting field="eventRetentionDays" />
      <SecretDialog
        title={t('list.subscribed')}
        secret={created?.secret ?? null}
        action={
          <Link className="button" to={`/settings/outbound/${created?.id}`}>
            {t('list.openLog')}
          </Link>
        }
        onClose={() => setCreated(null)}
      >
        <p>
          <Trans
            t={t}
            i18nKey="list.secretNote"
            values={{ url: created?.url ?? '' }}
            components={{ code: <code /> }}
          />
        </p>
      </SecretDialog>
    </section>
  )
}
