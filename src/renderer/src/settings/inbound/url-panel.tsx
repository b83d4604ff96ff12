import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { InboundWebhook, InboundWebhookWithUrl } from '../../api/types'
import { errorMessage } from '../../api/client'
import { inbound } from '../../api/integrations'
import { integrationKeys } from '../../api/keys'
import { ConfirmDialog } from '../../ui/dialog'
import { useToast } from '../../ui/toast'
import { SecretBox, SecretDialog } from '../../ui/secret-dialog'

/** The webhook's address: shown whole only once (on creation or rotation), with a copy button. */
export function UrlPanel({ webhook }: { webhook: InboundWebhook }) {
  const { t } = useTranslation('inbound')
  const queryClient = useQueryClient()
  const toast = useToast()
  const [confirm, setConfirm] = useState<'rotate' | 'revoke' | null>(null)
  const [shown, setShown] = useState<InboundWebhookWithUrl | null>(null)
  const refresh = () => void queryClient.invalidateQueries({ queryKey: integrationKeys.inbound })
  const rotate = useMutation({
    mutationFn: () => inbound.rotate(webhook.id),
    onSuccess: (rotated) => {
      refresh()
      setShown(rotated)
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
    onSettled: () => setConfirm(null),
  })
  const revoke = useMutation({
    mutationFn: () => inbound.revoke(webhook.id),
    onSuccess: () => {
      refresh()
      toast(t('url.revokedToast'), { tone: 'success' })
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
    onSettled: () => setConfirm(null),
  })
  return (
    <section aria-labelledby="url-heading" className="panel">
      <h3 id="url-heading">{t('url.heading')}</h3>
      {webhook.revokedAt ? (
        <p className="muted">{t('url.revoked')}</p>
      ) : (
        <>
          <p>
            <code>{`${location.origin}/webhooks/in/${webhook.tokenPrefix}…`}</code>
          </p>
          <p className="muted">{t('url.secretNote')}</p>
          <div className="inline-row">
            <button type="button" className="button" onClick={() => setConfirm('rotate')}>
              {t('url.rotate')}
            </button>
            <button
              type="button"
              className="button button-danger-quiet"
              onClick={() => setConfirm('revoke')}
            >
              {t('url.revoke')}
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirm === 'rotate'}
        title={t('url.rotateTitle')}
        message={t('url.rotateMessage')}
        confirmLabel={t('url.rotate')}
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate()}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'revoke'}
        title={t('url.revokeTitle')}
        message={t('url.revokeMessage')}
        confirmLabel={t('url.revokeConfirm')}
        danger
        busy={revoke.isPending}
        onConfirm={() => revoke.mutate()}
        onClose={() => setConfirm(null)}
      />
      <WebhookUrlDialog webhook={shown} onClose={() => setShown(null)} />
    </section>
  )
}

/** The whole URL, once: after creating or rotating a webhook. */
export function WebhookUrlDialog({
  webhook,
  onClose,
}: {
  webhook: InboundWebhookWithUrl | null
  onClose(): void
}) {
  const { t } = useTranslation('inbound')
  const publicUrl = webhook?.publicUrl ?? null
  return (
    <SecretDialog
      title={t('url.dialogTitle')}
      secret={webhook?.url ?? null}
      testId="webhook-url"
      wide
      onClose={onClose}
      after={
        publicUrl && (
          <>
            <p>{t('url.throughTunnel')}</p>
            <SecretBox value={publicUrl} />
          </>
        )
      }
    >
      <p>{t('url.copyNow')}</p>
    </SecretDialog>
  )
}
