import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { DedupeStrategy, ImportResult, MappingValue } from '../../../../shared/api-types'
import { errorMessage } from '../../api/client'
import { importPeople } from '../../api/integrations'
import { keys } from '../../api/keys'
import { userLocale } from '../../format/locale'
import { personTargets } from '../inbound/mapping-targets'
import { columnPlaceholder, guessTarget, parseCsvPreview } from './csv-preview'

type Step =
  | { name: 'choose'; error?: string }
  | { name: 'map'; file: File; header: string[]; rows: string[][] }
  | { name: 'running'; file: File; sent: number; total: number }
  | { name: 'done'; file: File; result: ImportResult }
  | { name: 'failed'; file: File; error: string }

const count = new Intl.NumberFormat(userLocale)
const previewBytes = 64 * 1024
const customValue = (header: string) =>
  `customFields.${
    header
      .trim()
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/^-+/, '')
      .slice(0, 64) || 'column'
  }`

/** CSV import: choose a file, say which column fills which field, then watch it run. */
export function ImportPanel() {
  const queryClient = useQueryClient()
  const fileId = useId()
  const [step, setStep] = useState<Step>({ name: 'choose' })
  const [targets, setTargets] = useState<string[]>([])
  const [dedupe, setDedupe] = useState<DedupeStrategy>('email')

  const choose = async (file: File | undefined) => {
    if (!file) return
    const { header, rows } = parseCsvPreview(await file.slice(0, previewBytes).text())
    if (header.length === 0) {
      setStep({ name: 'choose', error: `${file.name} has no header line` })
      return
    }
    const guessed = header.map(guessTarget)
    setTargets(guessed.map((target, index) => (guessed.indexOf(target) === index ? target : '')))
    setStep({ name: 'map', file, header, rows })
  }

  const run = async (file: File, header: string[]) => {
    const mapping: Record<string, MappingValue> = {}
    header.forEach((column, index) => {
      const target = targets[index]
      if (!target) return
      mapping[target] = target === 'tags' ? [columnPlaceholder(column)] : columnPlaceholder(column)
    })
    setStep({ name: 'running', file, sent: 0, total: file.size })
    try {
      const result = await importPeople(
        file,
        { mapping, dedupe: { strategy: dedupe } },
        (sent, total) => setStep({ name: 'running', file, sent, total }),
      )
      setStep({ name: 'done', file, result })
      void queryClient.invalidateQueries({ queryKey: keys.people })
    } catch (error) {
      setStep({ name: 'failed', file, error: errorMessage(error) })
    }
  }

  return (
    <section className="panel" aria-labelledby="import-heading">
      <h3 id="import-heading">Import people from CSV</h3>
      {step.name === 'choose' && (
        <div className="inline-form">
          <label htmlFor={fileId}>CSV file, with a header line</label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={step.error ? `${fileId}-error` : undefined}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          {step.error && (
            <p className="field-error" id={`${fileId}-error`}>
              {step.error}
            </p>
          )}
          <p className="muted">
            Rows go through the same mapping and duplicate check as inbound webhooks: a row with an
            e-mail Outpost knows updates that person.
          </p>
        </div>
      )}
      {step.name === 'map' && (
        <>
          <p>
            <strong>{step.file.name}</strong>: say which column fills which field.
          </p>
          <table className="data-table mapping-preview">
            <thead>
              <tr>
                <th scope="col">Column</th>
                <th scope="col">First values</th>
                <th scope="col">Imported as</th>
              </tr>
            </thead>
            <tbody>
              {step.header.map((column, index) => (
                <tr key={`${column}-${index}`}>
                  <td>{column}</td>
                  <td className="muted">
                    {step.rows
                      .map((row) => row[index] ?? '')
                      .filter(Boolean)
                      .slice(0, 3)
                      .join(' · ') || '—'}
                  </td>
                  <td>
                    <label className="visually-hidden" htmlFor={`column-${index}`}>
                      Field for column {column}
                    </label>
                    <select
                      id={`column-${index}`}
                      value={targets[index] ?? ''}
                      onChange={(event) =>
                        setTargets((current) =>
                          current.map((target, position) =>
                            position === index
                              ? event.target.value
                              : target === event.target.value && !target.startsWith('customFields.')
                                ? ''
                                : target,
                          ),
                        )
                      }
                    >
                      <option value="">Don&apos;t import</option>
                      {personTargets
                        .filter(([value]) => value !== 'companyId' && value !== 'ownerId')
                        .map(([value, label]) => (
                          <option key={value} value={value}>
                            {label}
                          </option>
                        ))}
                      <option value={customValue(column)}>Custom field “{column}”</option>
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="inline-form">
            <label htmlFor="import-dedupe">Rows matching someone Outpost knows</label>
            <select
              id="import-dedupe"
              value={dedupe}
              onChange={(event) => setDedupe(event.target.value as DedupeStrategy)}
            >
              <option value="email">Same e-mail: update that person</option>
              <option value="phone">Same phone: update that person</option>
              <option value="none">Always create a new person</option>
            </select>
          </div>
          {!targets.includes('fullName') && (
            <p className="field-error">Choose the column that holds the full name.</p>
          )}
          <div className="form-actions">
            <button type="button" className="button" onClick={() => setStep({ name: 'choose' })}>
              Choose another file
            </button>
            <button
              type="button"
              className="button button-primary"
              disabled={!targets.includes('fullName')}
              onClick={() => void run(step.file, step.header)}
            >
              Import
            </button>
          </div>
        </>
      )}
      {step.name === 'running' && (
        <div aria-live="polite">
          <p>
            {step.sent < step.total
              ? `Sending ${step.file.name}…`
              : `Importing the rows of ${step.file.name}…`}
          </p>
          {step.sent < step.total ? (
            <progress max={step.total} value={step.sent} aria-label="Upload progress" />
          ) : (
            <progress aria-label="Import progress" />
          )}
        </div>
      )}
      {step.name === 'failed' && (
        <div role="alert">
          <p className="form-error">The import did not run: {step.error}</p>
          <button type="button" className="button" onClick={() => setStep({ name: 'choose' })}>
            Try again
          </button>
        </div>
      )}
      {step.name === 'done' && (
        <ImportSummary result={step.result} onAgain={() => setStep({ name: 'choose' })} />
      )}
    </section>
  )
}

function ImportSummary({ result, onAgain }: { result: ImportResult; onAgain(): void }) {
  return (
    <div aria-live="polite">
      <p className="import-counts">
        <span>
          <strong>{count.format(result.rows)}</strong> rows
        </span>
        <span>
          <strong>{count.format(result.created)}</strong> created
        </span>
        <span>
          <strong>{count.format(result.updated)}</strong> updated
        </span>
        <span>
          <strong>{count.format(result.rejected)}</strong> rejected
        </span>
      </p>
      {result.warnings.map((warning) => (
        <p key={warning} className="form-note">
          {warning}
        </p>
      ))}
      {result.rejections.length > 0 && (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Field</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {result.rejections.map((rejection) => (
              <tr key={rejection.line}>
                <td>{rejection.line}</td>
                <td className="mono">{rejection.field ?? '—'}</td>
                <td>{rejection.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={onAgain}>
          Import another file
        </button>
      </div>
    </div>
  )
}
