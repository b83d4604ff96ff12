import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { DedupeStrategy, ImportResult, MappingValue } from '../../api/types'
import { customFieldKeyFor } from '../../../../shared/fields/custom-field'
import {
  dealImportTargets,
  personNameTargets,
  requiredImportTargets,
  type ImportKind,
} from '../../../../shared/import-targets'
import { errorMessage } from '../../api/client'
import { importCsv } from '../../api/integrations'
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
const customValue = (header: string) => `customFields.${customFieldKeyFor(header)}`

// People take the inbound webhooks' fields (ids left to the by-name columns) and custom fields.
const targetsOf: Record<ImportKind, readonly (readonly [string, string])[]> = {
  people: [
    ...personTargets.filter(([value]) => value !== 'companyId' && value !== 'ownerId'),
    ...personNameTargets,
  ],
  deals: dealImportTargets,
}
const nouns: Record<ImportKind, string> = { people: 'people', deals: 'deals' }

/** CSV import of people or deals: choose a file, say which column fills which field, run it. */
export function ImportPanel() {
  const queryClient = useQueryClient()
  const fileId = useId()
  const [kind, setKind] = useState<ImportKind>('people')
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
    const guessed = header.map((column) => guessTarget(column, kind))
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
      const result = await importCsv(
        kind,
        file,
        kind === 'people' ? { mapping, dedupe: { strategy: dedupe } } : { mapping },
        (sent, total) => setStep({ name: 'running', file, sent, total }),
      )
      setStep({ name: 'done', file, result })
      // An import touches lists, boards and records of every kind: refetch what is shown.
      void queryClient.invalidateQueries()
    } catch (error) {
      setStep({ name: 'failed', file, error: errorMessage(error) })
    }
  }

  const missing = requiredImportTargets[kind].filter((target) => !targets.includes(target))
  const targetLabel = (target: string) =>
    targetsOf[kind].find(([value]) => value === target)?.[1] ?? target

  return (
    <section className="panel" aria-labelledby="import-heading">
      <h3 id="import-heading">Import from CSV</h3>
      {step.name === 'choose' && (
        <div className="inline-form">
          <label htmlFor="import-kind">What the file holds</label>
          <select
            id="import-kind"
            value={kind}
            onChange={(event) => setKind(event.target.value as ImportKind)}
          >
            <option value="people">People</option>
            <option value="deals">Deals</option>
          </select>
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
            {kind === 'people'
              ? 'Rows go through the same mapping and duplicate check as inbound webhooks: a row ' +
                'with an e-mail Outpost knows updates that person.'
              : 'Each row creates a deal. Pipelines, stages, companies and lost reasons are found ' +
                'by name and people by e-mail; a row naming one Outpost does not have is ' +
                'rejected, with its line.'}
          </p>
        </div>
      )}
      {step.name === 'map' && (
        <>
          <p>
            <strong>{step.file.name}</strong>: say which column fills which field of the{' '}
            {nouns[kind]}.
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
                      {targetsOf[kind].map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                      {kind === 'people' && (
                        <option value={customValue(column)}>Custom field “{column}”</option>
                      )}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {kind === 'people' && (
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
          )}
          {missing.length > 0 && (
            <p className="field-error">
              Choose the columns that hold: {missing.map(targetLabel).join(', ')}.
            </p>
          )}
          <div className="form-actions">
            <button type="button" className="button" onClick={() => setStep({ name: 'choose' })}>
              Choose another file
            </button>
            <button
              type="button"
              className="button button-primary"
              disabled={missing.length > 0}
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
        {result.skipped > 0 && (
          <span>
            <strong>{count.format(result.skipped)}</strong> blank, skipped
          </span>
        )}
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
