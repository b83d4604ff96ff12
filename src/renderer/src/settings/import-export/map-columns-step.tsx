import { Trans, useTranslation } from 'react-i18next'
import type { DedupeStrategy } from '../../api/types'
import type { ImportKind } from '../../../../shared/import-targets'
import { customValue, targetsOf } from './column-targets'
import { DataTable } from '../../ui/data-table'

interface MapColumnsProps {
  kind: ImportKind
  file: File
  header: string[]
  rows: string[][]
  targets: string[]
  /** Labels of the fields the import needs and no column fills yet. */
  missing: string[]
  dedupe: DedupeStrategy
  onTarget(index: number, target: string): void
  onDedupe(strategy: DedupeStrategy): void
  onBack(): void
  onRun(): void
}

/** The second step: which column fills which field, how duplicates are met, and go. */
export function MapColumnsStep(props: MapColumnsProps) {
  const { t } = useTranslation('importExport')
  const { kind, missing } = props
  return (
    <>
      <p>
        <Trans
          t={t}
          i18nKey={`map.intro.${kind}`}
          values={{ name: props.file.name }}
          components={{ strong: <strong /> }}
        />
      </p>
      <DataTable
        columns={[
          t('map.columns.column'),
          t('map.columns.firstValues'),
          t('map.columns.importedAs'),
        ]}
        className="mapping-preview"
      >
        {props.header.map((column, index) => (
          <ColumnRow key={`${column}-${index}`} {...props} column={column} index={index} />
        ))}
      </DataTable>
      {kind === 'people' && (
        <div className="inline-form">
          <label htmlFor="import-dedupe">{t('map.dedupe')}</label>
          <select
            id="import-dedupe"
            value={props.dedupe}
            onChange={(event) => props.onDedupe(event.target.value as DedupeStrategy)}
          >
            <option value="email">{t('map.email')}</option>
            <option value="phone">{t('map.phone')}</option>
            <option value="none">{t('map.none')}</option>
          </select>
        </div>
      )}
      {missing.length > 0 && (
        <p className="field-error">{t('map.missing', { fields: missing.join(', ') })}</p>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={props.onBack}>
          {t('map.chooseAnother')}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={missing.length > 0}
          onClick={props.onRun}
        >
          {t('map.run')}
        </button>
      </div>
    </>
  )
}

/** One column of the file: its name, its first values, and the field it fills. */
function ColumnRow({
  kind,
  rows,
  targets,
  onTarget,
  column,
  index,
}: MapColumnsProps & { column: string; index: number }) {
  const { t } = useTranslation('importExport')
  return (
    <tr>
      <td>{column}</td>
      <td className="muted">
        {rows
          .map((row) => row[index] ?? '')
          .filter(Boolean)
          .slice(0, 3)
          .join(' · ') || '—'}
      </td>
      <td>
        <label className="visually-hidden" htmlFor={`column-${index}`}>
          {t('map.fieldFor', { column })}
        </label>
        <select
          id={`column-${index}`}
          value={targets[index] ?? ''}
          onChange={(event) => onTarget(index, event.target.value)}
        >
          <option value="">{t('map.skip')}</option>
          {targetsOf[kind].map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
          {kind === 'people' && (
            <option value={customValue(column)}>{t('map.custom', { column })}</option>
          )}
        </select>
      </td>
    </tr>
  )
}
