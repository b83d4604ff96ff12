import { Trans, useTranslation } from 'react-i18next'
import type { ImportResult } from '../../api/types'
import { userLocale } from '../../format/locale'
import { DataTable } from '../../ui/data-table'
import type { ImportKind } from '../../../../shared/import-targets'
import { targetsOf } from './column-targets'

const count = new Intl.NumberFormat(userLocale)

/** The summary's counts, always shown, in order; `skipped` follows when there are any. */
const countKeys = ['rows', 'created', 'updated', 'rejected'] as const

/** While the file goes up, then while the server imports its rows. */
export function ImportProgress({ file, sent, total }: { file: File; sent: number; total: number }) {
  const { t } = useTranslation('importExport')
  return (
    <div aria-live="polite">
      <p>
        {sent < total
          ? t('progress.sending', { name: file.name })
          : t('progress.importing', { name: file.name })}
      </p>
      {sent < total ? (
        <progress max={total} value={sent} aria-label={t('progress.upload')} />
      ) : (
        <progress aria-label={t('progress.import')} />
      )}
    </div>
  )
}

/** An import that did not run at all (a row's problem is a rejection in the summary instead). */
export function ImportFailed({ error, onAgain }: { error: string; onAgain(): void }) {
  const { t } = useTranslation('importExport')
  return (
    <div role="alert">
      <p className="form-error">{t('failed.message', { error })}</p>
      <button type="button" className="button" onClick={onAgain}>
        {t('failed.again')}
      </button>
    </div>
  )
}

/** What the import did: its counts, its warnings, and each rejected row with its line. */
export function ImportSummary({
  kind,
  result,
  onAgain,
}: {
  kind: ImportKind
  result: ImportResult
  onAgain(): void
}) {
  const { t } = useTranslation('importExport')
  // A rejected field by the name the mapping gave it ("Phone"), the API's own (`tags[0]`) else.
  const fieldName = (field: string) => {
    const target = targetsOf[kind].find(([name]) => name === field)
    return target ? t(target[1]) : field
  }
  const counted = (key: (typeof countKeys)[number] | 'skipped', value: number) => (
    <span key={key}>
      <Trans
        t={t}
        i18nKey={`summary.${key}`}
        count={value}
        values={{ formatted: count.format(value) }}
        components={{ strong: <strong /> }}
      />
    </span>
  )
  return (
    <div aria-live="polite">
      <p className="import-counts">
        {countKeys.map((key) => counted(key, result[key]))}
        {result.skipped > 0 && counted('skipped', result.skipped)}
      </p>
      {result.warnings.map((warning) => (
        <p key={warning} className="form-note">
          {warning}
        </p>
      ))}
      {result.rejections.length > 0 && (
        <DataTable
          columns={[
            t('summary.columns.line'),
            t('summary.columns.field'),
            t('summary.columns.why'),
          ]}
        >
          {result.rejections.map((rejection) => (
            <tr key={rejection.line}>
              <td>{rejection.line}</td>
              <td>{rejection.field ? fieldName(rejection.field) : '—'}</td>
              <td>{rejection.message}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={onAgain}>
          {t('summary.another')}
        </button>
      </div>
    </div>
  )
}
