import { useState, type FormEvent } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { errorMessage } from '../../api/client'
import { downloadExport, type ExportFormat, type ExportKind } from '../../api/integrations'
import { useToast } from '../../ui/toast'
import { ImportPanel } from './import-panel'
import '../inbound/inbound.css'

const exportKinds: ExportKind[] = ['people', 'deals', 'activities', 'notes']
// A workbook first: it opens in any spreadsheet as it is, whatever the locale's separators.
const exportFormats: ExportFormat[] = ['xlsx', 'csv', 'ndjson']

/** /settings/import-export: bring people in from a spreadsheet, take everything out. */
export function ImportExportPage() {
  const { t } = useTranslation('importExport')
  const toast = useToast()
  const [kind, setKind] = useState<ExportKind>('people')
  const [format, setFormat] = useState<ExportFormat>('xlsx')
  const [busy, setBusy] = useState(false)
  const download = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      await downloadExport(kind, format)
    } catch (error) {
      toast(errorMessage(error), { tone: 'error' })
    } finally {
      setBusy(false)
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
        <form className="inline-row" onSubmit={(event) => void download(event)}>
          <label htmlFor="export-kind">{t('page.exportWhat')}</label>
          <select
            id="export-kind"
            value={kind}
            onChange={(event) => setKind(event.target.value as ExportKind)}
          >
            {exportKinds.map((option) => (
              <option key={option} value={option}>
                {t(`page.exportKinds.${option}`)}
              </option>
            ))}
          </select>
          <label htmlFor="export-format">{t('page.exportFormat')}</label>
          <select
            id="export-format"
            value={format}
            onChange={(event) => setFormat(event.target.value as ExportFormat)}
          >
            {exportFormats.map((option) => (
              <option key={option} value={option}>
                {t(`page.exportFormats.${option}`)}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? t('page.preparing') : t('page.export')}
          </button>
        </form>
      </section>
    </section>
  )
}
