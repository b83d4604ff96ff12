import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { InboundWebhook, InboundWebhookWithUrl } from '../../api/types'
import { inbound } from '../../api/integrations'
import { i18next, language } from '../../i18n/i18n'
import { integrationKeys } from '../../api/keys'
import { FormError } from '../../ui/field'
import { TextField } from '../../ui/text-field'
import { useToast } from '../../ui/toast'
import { AfterReceiptSection } from './after-receipt-section'
import { DedupeSection } from './dedupe-section'
import { VerificationSection } from './verification-section'
import { WebSection } from './web-section'
import { showServerError, toInput, valuesOf, type FormValues } from './form-values'
import { MappingSection } from './mapping-section'

/** A rate limit as typed: a whole number from 1 to 100,000. */
const wholeNumber = (min: number, max: number) => (text: string) =>
  /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max
    ? true
    : i18next.t('inbound:form.wholeNumber', {
        min: min.toLocaleString(language),
        max: max.toLocaleString(language),
      })

/** The settings of an inbound webhook: mapping, deduplication and what happens after receipt. */
export function InboundForm({
  webhook,
  onCreated,
}: {
  webhook?: InboundWebhook
  onCreated(created: InboundWebhookWithUrl): void
}) {
  const { t } = useTranslation('inbound')
  const queryClient = useQueryClient()
  const toast = useToast()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<FormValues>({ defaultValues: valuesOf(webhook) })
  const { register, handleSubmit, setError } = form

  const save = useMutation({
    mutationFn: async (values: FormValues) =>
      webhook
        ? { saved: await inbound.update(webhook.id, toInput(values)), created: null }
        : { saved: null, created: await inbound.create(toInput(values)) },
    onSuccess: ({ saved, created }) => {
      void queryClient.invalidateQueries({ queryKey: integrationKeys.inbound })
      if (created) onCreated(created)
      if (saved) {
        form.reset(valuesOf(saved))
        toast(t('form.saved'), { tone: 'success' })
      }
    },
    onError: (error) => setFormError(showServerError(error, form.getValues('mapping'), setError)),
  })
  const submit = handleSubmit((values) => {
    setFormError(null)
    save.mutate(values)
  })

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate className="stacked-form">
        <FormError message={formError} />
        <div className="form-grid">
          <TextField
            id="inbound-name"
            label={t('form.name')}
            name="name"
            placeholder={t('form.namePlaceholder')}
            rules={{ required: t('form.nameRequired') }}
          />
          <fieldset className="plain-fieldset">
            <legend>{t('form.creates')}</legend>
            <div className="inline-row">
              <label className="choice">
                <input type="radio" value="person" {...register('objectType')} /> {t('form.people')}
              </label>
              <label className="choice">
                <input type="radio" value="deal" {...register('objectType')} /> {t('form.deals')}
              </label>
            </div>
          </fieldset>
          <label className="choice">
            <input type="checkbox" {...register('enabled')} /> {t('form.enabled')}
          </label>
          <TextField
            id="inbound-rate-limit"
            label={t('form.rateLimit')}
            name="rateLimitPerMinute"
            inputMode="numeric"
            hint={t('form.rateLimitHint')}
            rules={{ validate: wholeNumber(1, 100_000) }}
          />
          <TextField
            id="inbound-log-requests"
            label={t('form.logRequests')}
            name="logMaxRequests"
            inputMode="numeric"
            hint={t('form.logRequestsHint')}
            rules={{ validate: wholeNumber(10, 10_000) }}
          />
          <TextField
            id="inbound-log-size"
            label={t('form.logSize')}
            name="logMaxMiB"
            inputMode="numeric"
            hint={t('form.logSizeHint')}
            rules={{ validate: wholeNumber(1, 1024) }}
          />
        </div>
        <MappingSection />
        <DedupeSection />
        <AfterReceiptSection />
        <WebSection />
        <VerificationSection secretSet={webhook?.verification.secretSet ?? false} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {save.isPending ? t('form.saving') : webhook ? t('form.saveChanges') : t('form.create')}
          </button>
        </div>
      </form>
    </FormProvider>
  )
}
