import { useState } from 'react'
import { errorMessage } from '../../api/client'
import { downloadExport, type ExportKind } from '../../api/integrations'
import { useToast } from '../../ui/toast'
import { ImportPanel } from './import-panel'
import '../inbound/inbound.css'

const exports = [
  ['people', 'csv', 'People as CSV'],
  ['people', 'ndjson', 'People as NDJSON'],
  ['deals', 'csv', 'Deals as CSV'],
  ['deals', 'ndjson', 'Deals as NDJSON'],
  ['activities', 'csv', 'Activities as CSV'],
  ['notes', 'csv', 'Notes as CSV'],
] as const

/** /settings/import-export: bring people in from a spreadsheet, take everything out. */
export function ImportExportPage() {
  const toast = useToast()
  const [busy, setBusy] = useState<string | null>(null)
  const download = async (kind: ExportKind, format: 'csv' | 'ndjson', label: string) => {
    setBusy(label)
    try {
      await downloadExport(kind, format)
    } catch (error) {
      toast(errorMessage(error), { tone: 'error' })
    } finally {
      setBusy(null)
    }
  }
  return (
    <section aria-labelledby="import-export-heading">
      <h2 id="import-export-heading">Import and export</h2>
      <ImportPanel />
      <section className="panel" aria-labelledby="export-heading">
        <h3 id="export-heading">Export</h3>
        <p className="muted">
          Every record of the workspace, oldest first. The same as <code>outpost export</code>.
        </p>
        <div className="inline-row">
          {exports.map(([kind, format, label]) => (
            <button
              key={label}
              type="button"
              className="button"
              disabled={busy !== null}
              onClick={() => void download(kind, format, label)}
            >
              {busy === label ? 'Preparing…' : label}
            </button>
          ))}
        </div>
      </section>
    </section>
  )
}
