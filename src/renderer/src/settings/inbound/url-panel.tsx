import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { InboundWebhook, InboundWebhookWithUrl } from '../../api/types'
import { errorMessage } from '../../api/client'
import { inbound } from '../../api/integrations'
import { integrationKeys } from '../../api/keys'
import { ConfirmDialog } from '../../ui/dialog'
import { useToast } from '../../ui/toast'
import { SecretBox, SecretDialog } from '../../ui/secret-dialog'

/** The webhook's address: shown whole only once (on creation or rotation), with a copy button. */
export function UrlPanel({ webhook }: { webhook: InboundWebhook }) {
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
      toast('Webhook revoked: its URL answers 404 from now on', { tone: 'success' })
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
    onSettled: () => setConfirm(null),
  })
  return (
    <section aria-labelledby="url-heading" className="panel">
      <h3 id="url-heading">URL</h3>
      {webhook.revokedAt ? (
        <p className="muted">Revoked: this webhook&apos;s URL answers 404 for good.</p>
      ) : (
        <>
          <p>
            <code>
              {location.origin}/webhooks/in/{webhook.tokenPrefix}…
            </code>
          </p>
          <p className="muted">
            The URL is the secret: it was shown whole when the webhook was created. Lost it, or
            leaked it? Rotate to get a new one; the old one stops working at once.
          </p>
          <div className="inline-row">
            <button type="button" className="button" onClick={() => setConfirm('rotate')}>
              Rotate URL
            </button>
            <button
              type="button"
              className="button button-danger-quiet"
              onClick={() => setConfirm('revoke')}
            >
              Revoke
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirm === 'rotate'}
        title="Give this webhook a new URL?"
        message="Senders still using the current URL get 404 from now on, until you give them the new one."
        confirmLabel="Rotate URL"
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate()}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'revoke'}
        title="Revoke this webhook?"
        message="Its URL answers 404 for good. The request log stays."
        confirmLabel="Revoke webhook"
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
  const publicUrl = webhook?.publicUrl ?? null
  return (
    <SecretDialog
      title="The webhook's URL"
      secret={webhook?.url ?? null}
      testId="webhook-url"
      wide
      onClose={onClose}
      after={
        publicUrl && (
          <>
            <p>From the internet, through the tunnel:</p>
            <SecretBox value={publicUrl} />
          </>
        )
      }
    >
      <p>
        Copy it now into the form tool or script that will post to it: this is the only time it is
        shown whole.
      </p>
    </SecretDialog>
  )
}
