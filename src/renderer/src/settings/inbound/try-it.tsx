import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import type { DryRunResult, InboundWebhook } from '../../api/types'
import { ApiRequestError, errorMessage } from '../../api/client'
import { inbound } from '../../api/integrations'
import { samplePayload } from './mapping-targets'

function describeOutcome(
  result: DryRunResult,
  objectType: InboundWebhook['objectType'],
  t: TFunction<'inbound'>,
): string {
  const status = result.status
  if (result.dedupe?.decision === 'update') return t('tryIt.wouldUpdate', { status })
  return objectType === 'deal'
    ? t('tryIt.wouldCreateDeal', { status })
    : t('tryIt.wouldCreatePerson', { status })
}

function RecordFields({ title, record }: { title: string; record: Record<string, unknown> }) {
  const entries = Object.entries(record).filter(
    ([, value]) =>
      value !== undefined &&
      value !== null &&
      !(Array.isArray(value) && value.length === 0) &&
      !(typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0),
  )
  return (
    <div>
      <h4>{title}</h4>
      <dl className="facts">
        {entries.map(([name, value]) => (
          <div key={name} className="fact">
            <dt>{name}</dt>
            <dd className="mono">{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

/**
 * "Try it": a sample payload goes through the saved mapping and dedupe on the server, which
 * answers with the record it would write and whether it would create or update; nothing is written.
 */
export function TryIt({ webhook }: { webhook: InboundWebhook }) {
  const { t } = useTranslation('inbound')
  const [text, setText] = useState(() => JSON.stringify(samplePayload(webhook.mapping), null, 2))
  const [parseError, setParseError] = useState<string | null>(null)
  const run = useMutation({
    mutationFn: (payload: Record<string, unknown>) => inbound.dryRun(webhook.id, payload),
  })
  const submit = () => {
    let payload: unknown
    try {
      payload = JSON.parse(text)
    } catch (error) {
      setParseError(t('tryIt.invalidJson', { message: (error as Error).message }))
      return
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      setParseError(t('tryIt.notObject'))
      return
    }
    setParseError(null)
    run.mutate(payload as Record<string, unknown>)
  }
  const rejected = run.error instanceof ApiRequestError ? run.error : null

  return (
    <section aria-labelledby="try-heading" className="panel">
      <h3 id="try-heading">{t('tryIt.heading')}</h3>
      <p className="muted">{t('tryIt.intro')}</p>
      <label htmlFor="try-payload">{t('tryIt.payload')}</label>
      <textarea
        id="try-payload"
        rows={8}
        value={text}
        aria-invalid={parseError ? true : undefined}
        aria-describedby={parseError ? 'try-payload-error' : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {parseError && (
        <p className="field-error" id="try-payload-error">
          {parseError}
        </p>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={submit}
          disabled={run.isPending}
        >
          {run.isPending ? t('tryIt.trying') : t('tryIt.run')}
        </button>
      </div>
      <div aria-live="polite" className="try-result">
        {rejected && (
          <div className="result-box result-rejected">
            <p className="result-title">{t('tryIt.rejected', { status: rejected.status })}</p>
            <p>
              {rejected.message}
              {rejected.field && (
                <>
                  {' '}
                  <Trans
                    t={t}
                    i18nKey="tryIt.rejectedField"
                    values={{ field: rejected.field }}
                    components={{ code: <code /> }}
                  />
                </>
              )}
            </p>
          </div>
        )}
        {run.error && !rejected && <p className="form-error">{errorMessage(run.error)}</p>}
        {run.data && (
          <div className="result-box result-ok">
            <p className="result-title">{describeOutcome(run.data, webhook.objectType, t)}</p>
            {run.data.dedupe && (
              <p>
                <Trans
                  t={t}
                  i18nKey="tryIt.duplicatesBy"
                  values={{ strategy: t(`strategies.${run.data.dedupe.strategy}`) }}
                  components={{ strong: <strong /> }}
                />{' '}
                {run.data.dedupe.decision === 'update' && run.data.dedupe.personId ? (
                  <Trans
                    t={t}
                    i18nKey="tryIt.matches"
                    values={{ fields: run.data.dedupe.matchedOn?.join(', ') ?? '' }}
                    components={{ person: <Link to={`/people/${run.data.dedupe.personId}`} /> }}
                  />
                ) : (
                  t('tryIt.noMatch')
                )}
              </p>
            )}
            {run.data.company && (
              <p>
                <Trans
                  t={t}
                  i18nKey="tryIt.company"
                  values={{ domain: run.data.company.domain }}
                  components={{ code: <code /> }}
                />{' '}
                {run.data.company.decision === 'link'
                  ? t('tryIt.companyLinked')
                  : t('tryIt.companyCreated')}
              </p>
            )}
            <div className="result-records">
              {run.data.record.person && (
                <RecordFields title={t('tryIt.person')} record={run.data.record.person} />
              )}
              {run.data.record.deal && (
                <RecordFields title={t('tryIt.deal')} record={run.data.record.deal} />
              )}
            </div>
          </div>
        )}
      </div>
    </section>
  )
}
