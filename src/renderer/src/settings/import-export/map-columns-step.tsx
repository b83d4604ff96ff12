import type { DedupeStrategy } from '../../api/types'
import type { ImportKind } from '../../../../shared/import-targets'
import { customValue, targetsOf } from './column-targets'
import { DataTable } from '../../ui/data-table'

const nouns: Record<ImportKind, string> = { people: 'people', deals: 'deals' }

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
  const { kind, missing } = props
  return (
    <>
      <p>
        <strong>{props.file.name}</strong>: say which column fills which field of the {nouns[kind]}.
      </p>
      <DataTable columns={['Column', 'First values', 'Imported as']} className="mapping-preview">
        {props.header.map((column, index) => (
          <ColumnRow key={`${column}-${index}`} {...props} column={column} index={index} />
        ))}
      </DataTable>
      {kind === 'people' && (
        <div className="inline-form">
          <label htmlFor="import-dedupe">Rows matching someone Outpost knows</label>
          <select
            id="import-dedupe"
            value={props.dedupe}
            onChange={(event) => props.onDedupe(event.target.value as DedupeStrategy)}
          >
            <option value="email">Same e-mail: update that person</option>
            <option value="phone">Same phone: update that person</option>
            <option value="none">Always create a new person</option>
          </select>
        </div>
      )}
      {missing.length > 0 && (
        <p className="field-error">Choose the columns that hold: {missing.join(', ')}.</p>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={props.onBack}>
          Choose another file
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={missing.length > 0}
          onClick={props.onRun}
        >
          Import
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
          Field for column {column}
        </label>
        <select
          id={`column-${index}`}
          value={targets[index] ?? ''}
          onChange={(event) => onTarget(index, event.target.value)}
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
  )
}
