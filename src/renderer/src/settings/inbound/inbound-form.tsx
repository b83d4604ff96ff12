import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import type { InboundWebhook, InboundWebhookWithUrl } from '../../api/types'
import { inbound } from '../../api/integrations'
import { integrationKeys } from '../../api/keys'
import { FormError } from '../../ui/field'
import { TextField } from '../../ui/text-field'
import { useToast } from '../../ui/toast'
import { AfterReceiptSection } from './after-receipt-section'
import { DedupeSection } from './dedupe-section'
import { showServerError, toInput, valuesOf, type FormValues } from './form-values'
import { MappingSection } from './mapping-section'

/** A rate limit as typed: a whole number from 1 to 100,000. */
const wholeNumber = (min: number, max: number) => (text: string) =>
  /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max
    ? true
    : `A whole number from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}`

/** The settings of an inbound webhook: mapping, deduplication and what happens after receipt. */
export function InboundForm({
  webhook,
  onCreated,
}: {
  webhook?: InboundWebhook
  onCreated(created: InboundWebhookWithUrl): void
}) {
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
        toast('Inbound webhook saved', { tone: 'success' })
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
            label="Name"
            name="name"
            placeholder="Website contact form"
            rules={{ required: 'Give the webhook a name' }}
          />
          <fieldset className="plain-fieldset">
            <legend>Creates</legend>
            <div className="inline-row">
              <label className="choice">
                <input type="radio" value="person" {...register('objectType')} /> People
              </label>
              <label className="choice">
                <input type="radio" value="deal" {...register('objectType')} /> Deals
              </label>
              <label className="choice">
                <input type="checkbox" {...register('enabled')} /> Enabled
              </label>
            </div>
          </fieldset>
          <TextField
            id="inbound-rate-limit"
            label="Deliveries per minute"
            name="rateLimitPerMinute"
            inputMode="numeric"
            hint="More are refused with 429 and a Retry-After, for the sender to try again"
            rules={{ validate: wholeNumber(1, 100_000) }}
          />
          <TextField
            id="inbound-log-requests"
            label="Requests kept in the log"
            name="logMaxRequests"
            inputMode="numeric"
            hint="The newest; older ones are dropped"
            rules={{ validate: wholeNumber(10, 10_000) }}
          />
          <TextField
            id="inbound-log-size"
            label="Log size, MiB"
            name="logMaxMiB"
            inputMode="numeric"
            hint="Bodies kept, at most; a rejected request keeps only its first 4 KiB"
            rules={{ validate: wholeNumber(1, 1024) }}
          />
        </div>
        <MappingSection />
        <DedupeSection />
        <AfterReceiptSection />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : webhook ? 'Save changes' : 'Create webhook'}
          </button>
        </div>
      </form>
    </FormProvider>
  )
}
