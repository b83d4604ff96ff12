import { useId } from 'react'
import { useTranslation } from 'react-i18next'
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
  const { t } = useTranslation('importExport')
  const fileId = useId()
  return (
    <div className="inline-form">
      <label htmlFor="import-kind">{t('choose.holds')}</label>
      <select
        id="import-kind"
        value={kind}
        onChange={(event) => onKind(event.target.value as ImportKind)}
      >
        <option value="people">{t('choose.people')}</option>
        <option value="deals">{t('choose.deals')}</option>
        <option value="activities">{t('choose.activities')}</option>
        <option value="notes">{t('choose.notes')}</option>
      </select>
      <label htmlFor={fileId}>{t('choose.file')}</label>
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
      <p className="muted">{t(`choose.${kind}Hint`)}</p>
    </div>
  )
}
