import type { ImportResult } from '../../api/types'
import { userLocale } from '../../format/locale'
import { DataTable } from '../../ui/data-table'

const count = new Intl.NumberFormat(userLocale)

/** While the file goes up, then while the server imports its rows. */
export function ImportProgress({ file, sent, total }: { file: File; sent: number; total: number }) {
  return (
    <div aria-live="polite">
      <p>{sent < total ? `Sending ${file.name}…` : `Importing the rows of ${file.name}…`}</p>
      {sent < total ? (
        <progress max={total} value={sent} aria-label="Upload progress" />
      ) : (
        <progress aria-label="Import progress" />
      )}
    </div>
  )
}

/** An import that did not run at all (a row's problem is a rejection in the summary instead). */
export function ImportFailed({ error, onAgain }: { error: string; onAgain(): void }) {
  return (
    <div role="alert">
      <p className="form-error">The import did not run: {error}</p>
      <button type="button" className="button" onClick={onAgain}>
        Try again
      </button>
    </div>
  )
}

/** What the import did: its counts, its warnings, and each rejected row with its line. */
export function ImportSummary({ result, onAgain }: { result: ImportResult; onAgain(): void }) {
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
        <DataTable columns={['Line', 'Field', 'Why']}>
          {result.rejections.map((rejection) => (
            <tr key={rejection.line}>
              <td>{rejection.line}</td>
              <td className="mono">{rejection.field ?? '—'}</td>
              <td>{rejection.message}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={onAgain}>
          Import another file
        </button>
      </div>
    </div>
  )
}
