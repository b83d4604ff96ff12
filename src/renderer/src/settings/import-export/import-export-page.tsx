import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { errorMessage } from '../../api/client'
import { downloadExport, type ExportKind } from '../../api/integrations'
import { useToast } from '../../ui/toast'
import { ImportPanel } from './import-panel'
import '../inbound/inbound.css'

// Each export, with its button's label: a key of the `importExport` catalogue.
const exports = [
  ['people', 'csv', 'page.exports.peopleCsv'],
  ['people', 'ndjson', 'page.exports.peopleNdjson'],
  ['deals', 'csv', 'page.exports.dealsCsv'],
  ['deals', 'ndjson', 'page.exports.dealsNdjson'],
  ['activities', 'csv', 'page.exports.activitiesCsv'],
  ['notes', 'csv', 'page.exports.notesCsv'],
] as const

/** /settings/import-export: bring people in from a spreadsheet, take everything out. */
export function ImportExportPage() {
  const { t } = useTranslation('importExport')
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
      <h2 id="import-export-heading">{t('page.heading')}</h2>
      <ImportPanel />
      <section className="panel" aria-labelledby="export-heading">
        <h3 id="export-heading">{t('page.exportHeading')}</h3>
        <p className="muted">
          <Trans t={t} i18nKey="page.exportIntro" components={{ code: <code /> }} />
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
              {busy === label ? t('page.preparing') : t(label)}
            </button>
          ))}
        </div>
      </section>
    </section>
  )
}
