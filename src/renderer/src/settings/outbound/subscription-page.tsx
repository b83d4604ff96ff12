import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { Link, useNavigate, useParams } from 'react-router'
import type { WebhookAttempt, WebhookSubscription } from '../../api/types'
import { errorMessage } from '../../api/client'
import { subscriptions } from '../../api/integrations'
import { integrationKeys } from '../../api/keys'
import { formatDateTime, formatRelative } from '../../format/dates'
import { ConfirmDialog } from '../../ui/dialog'
import { EmptyState, ErrorState, Skeleton } from '../../ui/states'
import { useToast } from '../../ui/toast'
import {
  SubscriptionForm,
  subscriptionInput,
  subscriptionSaveError,
  type SubscriptionFormValues,
} from './subscription-fields'
import { subscriptionState } from './subscriptions-page'
import '../inbound/inbound.css'
import { PagedLog } from '../../ui/newer-older'
import { DataTable } from '../../ui/data-table'
import { SecretBox } from '../../ui/secret-dialog'
import { SetAsideDeliveries } from './set-aside-deliveries'

/** /settings/outbound/:id: a subscription's settings, secret, test event and delivery log. */
export function SubscriptionPage() {
  const { t } = useTranslation('outbound')
  const { id = '' } = useParams()
  const subscription = useQuery({
    queryKey: integrationKeys.subscription(id),
    queryFn: () => subscriptions.get(id),
  })
  return (
    <section aria-labelledby="subscription-heading">
      <nav aria-label={t('subscription.breadcrumb')} className="breadcrumb">
        <Link to="/settings/outbound">{t('subscription.list')}</Link>
      </nav>
      <h2 id="subscription-heading">{subscription.data?.url ?? t('subscription.title')}</h2>
      {subscription.isPending && <Skeleton lines={8} label={t('subscription.loading')} />}
      {subscription.isError && (
        <ErrorState error={subscription.error} retry={() => void subscription.refetch()} />
      )}
      {subscription.data && (
        <>
          {subscription.data.disabledReason ? (
            <p className="form-error" role="status">
              {t('subscription.stopped', { reason: subscription.data.disabledReason })}
            </p>
          ) : (
            <p className="muted">{subscriptionState(subscription.data)}</p>
          )}
          <div className="inbound-layout">
            <SubscriptionSettings
              key={subscription.data.updatedAt}
              subscription={subscription.data}
            />
            <div className="inbound-side">
              <SigningSecretPanel subscription={subscription.data} />
            </div>
          </div>
          <SetAsideDeliveries subscriptionId={subscription.data.id} />
          <AttemptLog subscriptionId={subscription.data.id} />
        </>
      )}
    </section>
  )
}

function SubscriptionSettings({ subscription }: { subscription: WebhookSubscription }) {
  const { t } = useTranslation(['outbound', 'common'])
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const toast = useToast()
  const [deleting, setDeleting] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<SubscriptionFormValues>({
    defaultValues: {
      url: subscription.url,
      description: subscription.description ?? '',
      eventTypes: subscription.eventTypes,
      strictOrder: subscription.strictOrder,
    },
  })
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: integrationKeys.subscriptions })
  const save = useMutation({
    mutationFn: (input: Parameters<typeof subscriptions.update>[1]) =>
      subscriptions.update(subscription.id, input),
    onSuccess: () => {
      refresh()
      toast(t('subscription.saved'), { tone: 'success' })
    },
    onError: (error) => setFormError(subscriptionSaveError(error, form)),
  })
  const remove = useMutation({
    mutationFn: () => subscriptions.remove(subscription.id),
    onSuccess: () => {
      refresh()
      void navigate('/settings/outbound')
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
  const submit = form.handleSubmit((values) => {
    setFormError(null)
    save.mutate(subscriptionInput(values))
  })
  const paused = !subscription.enabled
  return (
    <SubscriptionForm
      form={form}
      title={t('subscription.settings')}
      className="panel"
      error={formError}
      onSubmit={submit}
    >
      <button
        type="button"
        className="button button-danger-quiet"
        onClick={() => setDeleting(true)}
      >
        {t('common:delete')}
      </button>
      <button
        type="button"
        className="button"
        onClick={() => save.mutate({ enabled: paused })}
        disabled={save.isPending}
      >
        {paused ? t('subscription.resume') : t('subscription.pause')}
      </button>
      <button type="submit" className="button button-primary" disabled={save.isPending}>
        {t('common:save')}
      </button>
      <ConfirmDialog
        open={deleting}
        title={t('subscription.deleteTitle')}
        message={t('subscription.deleteMessage')}
        confirmLabel={t('subscription.deleteConfirm')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setDeleting(false)}
      />
    </SubscriptionForm>
  )
}

function SigningSecretPanel({ subscription }: { subscription: WebhookSubscription }) {
  const { t } = useTranslation('outbound')
  const toast = useToast()
  const queryClient = useQueryClient()
  const [revealed, setRevealed] = useState(false)
  const secret = useQuery({
    queryKey: integrationKeys.subscriptionSecret(subscription.id),
    queryFn: () => subscriptions.secret(subscription.id),
    enabled: revealed,
  })
  const rotate = useMutation({
    mutationFn: () => subscriptions.rotateSecret(subscription.id),
    onSuccess: (next) => {
      queryClient.setQueryData(integrationKeys.subscriptionSecret(subscription.id), next)
      void queryClient.invalidateQueries({
        queryKey: integrationKeys.subscription(subscription.id),
      })
      setRevealed(true)
      toast(t('secret.rotated'), { tone: 'success' })
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
  const test = useMutation({
    mutationFn: () => subscriptions.sendTest(subscription.id),
    onSuccess: (attempt) => {
      void queryClient.invalidateQueries({
        queryKey: integrationKeys.allAttempts(subscription.id),
      })
      toast(
        attempt.succeeded
          ? t('secret.testDelivered', { status: attempt.responseStatus })
          : t('secret.testFailed', { error: attempt.error ?? attempt.responseStatus }),
        { tone: attempt.succeeded ? 'success' : 'error' },
      )
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
  return (
    <section className="panel" aria-labelledby="secret-heading">
      <h3 id="secret-heading">{t('secret.heading')}</h3>
      {!revealed ? (
        <button type="button" className="button" onClick={() => setRevealed(true)}>
          {t('secret.show')}
        </button>
      ) : secret.data ? (
        <>
          <SecretBox value={secret.data.secret} />
          {secret.data.previousSecret && secret.data.previousSecretExpiresAt && (
            <p className="muted">
              {t('secret.previousUntil', {
                date: formatDateTime(secret.data.previousSecretExpiresAt),
              })}
            </p>
          )}
        </>
      ) : (
        <Skeleton lines={1} label={t('secret.loading')} />
      )}
      <div className="inline-row secret-actions">
        <button
          type="button"
          className="button"
          onClick={() => rotate.mutate()}
          disabled={rotate.isPending}
        >
          {t('secret.rotate')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => test.mutate()}
          disabled={test.isPending}
        >
          {test.isPending ? t('secret.sending') : t('secret.sendTest')}
        </button>
      </div>
    </section>
  )
}

function attemptResult(attempt: WebhookAttempt, t: TFunction<'outbound'>): string {
  if (attempt.succeeded) return t('attempts.ok', { status: attempt.responseStatus })
  return attempt.responseStatus
    ? `${attempt.responseStatus}`
    : (attempt.error ?? t('attempts.failed'))
}

function AttemptLog({ subscriptionId }: { subscriptionId: string }) {
  const { t } = useTranslation('outbound')
  const queryClient = useQueryClient()
  const toast = useToast()
  const [page, setPage] = useState(1)
  const log = useQuery({
    queryKey: integrationKeys.attempts(subscriptionId, page),
    queryFn: () => subscriptions.attempts(subscriptionId, page),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  })
  const redeliver = useMutation({
    mutationFn: (eventId: string) => subscriptions.redeliver(subscriptionId, eventId),
    onSuccess: (attempt) => {
      void queryClient.invalidateQueries({
        queryKey: integrationKeys.allAttempts(subscriptionId),
      })
      toast(
        attempt.succeeded
          ? t('attempts.delivered')
          : t('attempts.redeliveryFailed', { result: attemptResult(attempt, t) }),
        {
          tone: attempt.succeeded ? 'success' : 'error',
        },
      )
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
  return (
    <section className="panel" aria-labelledby="attempts-heading">
      <h3 id="attempts-heading">{t('attempts.heading')}</h3>
      <PagedLog
        query={log}
        label={t('attempts.pages')}
        loading={t('attempts.loading')}
        empty={<EmptyState title={t('attempts.emptyTitle')}>{t('attempts.emptyText')}</EmptyState>}
        page={page}
        onPage={setPage}
      >
        {(rows) => (
          <>
            <DataTable
              columns={[
                t('attempts.columns.when'),
                t('attempts.columns.event'),
                t('attempts.columns.result'),
                t('attempts.columns.time'),
                t('attempts.columns.nextTry'),
              ]}
              actions={t('attempts.actions')}
              className="attempts-table"
            >
              {rows.map((attempt) => (
                <tr key={attempt.id}>
                  <td>
                    <time
                      dateTime={attempt.attemptedAt}
                      title={formatDateTime(attempt.attemptedAt)}
                    >
                      {formatRelative(attempt.attemptedAt)}
                    </time>
                  </td>
                  <td className="mono whole-words" title={attempt.responseExcerpt ?? undefined}>
                    {attempt.eventType}
                    {attempt.trigger !== 'scheduled' && (
                      <span className="muted"> ({t(`attempts.trigger.${attempt.trigger}`)})</span>
                    )}
                  </td>
                  <td className="whole-words">
                    <span
                      className={`outcome-badge ${attempt.succeeded ? 'outcome-created' : 'outcome-rejected'}`}
                    >
                      {attemptResult(attempt, t)}
                    </span>
                  </td>
                  <td>{t('attempts.duration', { ms: attempt.durationMs })}</td>
                  <td>{attempt.nextAttemptAt ? formatRelative(attempt.nextAttemptAt) : '—'}</td>
                  <td>
                    {attempt.trigger !== 'test' && (
                      <button
                        type="button"
                        className="button"
                        disabled={redeliver.isPending}
                        onClick={() => redeliver.mutate(attempt.eventId)}
                      >
                        {t('attempts.redeliver')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          </>
        )}
      </PagedLog>
    </section>
  )
}
