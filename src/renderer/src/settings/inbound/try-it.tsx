import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import type { DryRunResult, InboundWebhook } from '../../api/types'
import { ApiRequestError, errorMessage } from '../../api/client'
import { inbound } from '../../api/integrations'
import { samplePayload } from './mapping-targets'

function describeOutcome(result: DryRunResult, objectType: InboundWebhook['objectType']): string {
  if (result.dedupe?.decision === 'update') return 'Would update the person it matched'
  return objectType === 'deal' ? 'Would create a deal' : 'Would create a person'
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
      setParseError(`Not valid JSON: ${(error as Error).message}`)
      return
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      setParseError('The payload must be a JSON object')
      return
    }
    setParseError(null)
    run.mutate(payload as Record<string, unknown>)
  }
  const rejected = run.error instanceof ApiRequestError ? run.error : null

  return (
    <section aria-labelledby="try-heading" className="panel">
      <h3 id="try-heading">Try it</h3>
      <p className="muted">
        Paste a payload like the ones your sender posts. It goes through the saved settings; nothing
        is written.
      </p>
      <label htmlFor="try-payload">Sample payload (JSON)</label>
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
          {run.isPending ? 'Trying…' : 'Try it'}
        </button>
      </div>
      <div aria-live="polite" className="try-result">
        {rejected && (
          <div className="result-box result-rejected">
            <p className="result-title">Would be rejected ({rejected.status})</p>
            <p>
              {rejected.message}
              {rejected.field && (
                <>
                  {' '}
                  (field <code>{rejected.field}</code>)
                </>
              )}
            </p>
          </div>
        )}
        {run.error && !rejected && <p className="form-error">{errorMessage(run.error)}</p>}
        {run.data && (
          <div className="result-box result-ok">
            <p className="result-title">
              {describeOutcome(run.data, webhook.objectType)} ({run.data.status})
            </p>
            {run.data.dedupe && (
              <p>
                Duplicates by <strong>{run.data.dedupe.strategy}</strong>:{' '}
                {run.data.dedupe.decision === 'update' && run.data.dedupe.personId ? (
                  <>
                    matches{' '}
                    <Link to={`/people/${run.data.dedupe.personId}`}>an existing person</Link> on{' '}
                    {run.data.dedupe.matchedOn?.join(', ')}
                  </>
                ) : (
                  'no existing person matches'
                )}
              </p>
            )}
            {run.data.company && (
              <p>
                Company <code>{run.data.company.domain}</code>:{' '}
                {run.data.company.decision === 'link' ? 'linked to the existing one' : 'created'}
              </p>
            )}
            <div className="result-records">
              {run.data.record.person && (
                <RecordFields title="Person" record={run.data.record.person} />
              )}
              {run.data.record.deal && <RecordFields title="Deal" record={run.data.record.deal} />}
            </div>
          </div>
        )}
      </div>
    </section>
  )
}
