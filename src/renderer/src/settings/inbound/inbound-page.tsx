import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import type { InboundWebhookWithUrl } from '../../api/types'
import { inbound } from '../../api/integrations'
import { integrationKeys } from '../../api/keys'
import { useCurrencies, usePipelines, useUsers } from '../../api/reference-data'
import { ErrorState, Skeleton } from '../../ui/states'
import { DeliveryLog } from './delivery-log'
import { InboundForm } from './inbound-form'
import { TryIt } from './try-it'
import { UrlPanel, WebhookUrlDialog } from './url-panel'
import './inbound.css'

/** /settings/inbound/:id ("new" for a new one): settings, URL, try it, request log. */
export function InboundPage() {
  const { t } = useTranslation('inbound')
  const { id = 'new' } = useParams()
  const navigate = useNavigate()
  const [created, setCreated] = useState<InboundWebhookWithUrl | null>(null)
  const isNew = id === 'new'
  const webhook = useQuery({
    queryKey: integrationKeys.inboundWebhook(id),
    queryFn: () => inbound.get(id),
    enabled: !isNew,
  })
  const title = isNew ? t('page.newTitle') : (webhook.data?.name ?? t('page.title'))
  // The form's choices (owners, pipelines) must be there before its fields take their values.
  const lists = [useUsers(), usePipelines(), useCurrencies()]
  const listsFailed = lists.find((list) => list.isError)
  if (listsFailed) {
    return <ErrorState error={listsFailed.error} retry={() => void listsFailed.refetch()} />
  }
  if (lists.some((list) => !list.data)) return <Skeleton lines={10} label={t('page.loading')} />

  return (
    <section aria-labelledby="inbound-heading">
      <nav aria-label={t('page.breadcrumb')} className="breadcrumb">
        <Link to="/settings/inbound">{t('page.list')}</Link>
      </nav>
      <h2 id="inbound-heading">{title}</h2>
      {isNew && (
        <InboundForm
          onCreated={(webhookWithUrl) => {
            setCreated(webhookWithUrl)
            void navigate(`/settings/inbound/${webhookWithUrl.id}`, { replace: true })
          }}
        />
      )}
      {!isNew && webhook.isPending && <Skeleton lines={10} label={t('page.loadingWebhook')} />}
      {!isNew && webhook.isError && (
        <ErrorState error={webhook.error} retry={() => void webhook.refetch()} />
      )}
      {webhook.data && (
        <div className="inbound-layout">
          <div className="panel">
            <InboundForm
              key={webhook.data.updatedAt}
              webhook={webhook.data}
              onCreated={setCreated}
            />
          </div>
          <div className="inbound-side">
            <UrlPanel webhook={webhook.data} />
            <TryIt key={webhook.data.updatedAt} webhook={webhook.data} />
          </div>
        </div>
      )}
      {webhook.data && <DeliveryLog webhookId={webhook.data.id} />}
      <WebhookUrlDialog webhook={created} onClose={() => setCreated(null)} />
    </section>
  )
}
