import { useId } from 'react'
import type { ImportKind } from '../../../../shared/import-targets'

/** The first step: what the file holds, and the file. */
export function ChooseFileStep({
  kind,
  error,
  onKind,
  onFile,
}: {
  kind: ImportKind
  error?: string
  onKind(kind: ImportKind): void
  onFile(file: File | undefined): void
}) {
  const fileId = useId()
  return (
    <div className="inline-form">
      <label htmlFor="import-kind">What the file holds</label>
      <select
        id="import-kind"
        value={kind}
        onChange={(event) => onKind(event.target.value as ImportKind)}
      >
        <option value="people">People</option>
        <option value="deals">Deals</option>
      </select>
      <label htmlFor={fileId}>CSV file, with a header line</label>
      <input
        id={fileId}
        type="file"
        accept=".csv,text/csv"
        aria-describedby={error ? `${fileId}-error` : undefined}
        onChange={(event) => onFile(event.target.files?.[0])}
      />
      {error && (
        <p className="field-error" id={`${fileId}-error`}>
          {error}
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
  )
}
