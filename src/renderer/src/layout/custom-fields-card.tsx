import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCan } from '../session/workspace'
import { parseCustomFieldKey, parseCustomFieldValue } from '../../../shared/fields/custom-field'
import { errorMessage } from '../api/client'
import { i18next } from '../i18n/i18n'
import { useToast } from '../ui/toast'
import { FormError } from '../ui/field'
import { QuietInput } from '../ui/quiet-input'
import { refusalText } from '../forms/field-rules'

// The two inputs of a custom field's row.
const rowParts = [
  { part: 'name', label: 'customFields.nameLabel', placeholder: 'customFields.namePlaceholder' },
  { part: 'value', label: 'customFields.valueLabel', placeholder: 'customFields.valuePlaceholder' },
] as const

interface Row {
  name: string
  value: string
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** What to send: changed or new fields with their text, removed ones as null. */
function patchFrom(before: Record<string, unknown>, rows: readonly Row[]) {
  const patch: Record<string, string | null> = {}
  const kept = new Set<string>()
  for (const row of rows) {
    const name = row.name.trim()
    if (!name) continue
    kept.add(name)
    if (!(name in before) || asText(before[name]) !== row.value) patch[name] = row.value
  }
  for (const name of Object.keys(before)) if (!kept.has(name)) patch[name] = null
  return patch
}

/**
 * The first field the server would refuse, by the shared rules, in words; null when none. Two rows
 * of one name would be one field, the later value silently replacing the earlier: refused too.
 */
function rowProblem(rows: readonly Row[]): string | null {
  const seen = new Set<string>()
  for (const row of rows) {
    const name = row.name.trim()
    if (!name) continue
    if (seen.has(name)) return i18next.t('layout:customFields.twice', { name })
    seen.add(name)
    const key = parseCustomFieldKey(name)
    if (!key.ok) {
      return refusalText(i18next.t('layout:customFields.badName', { name }), key)
    }
    const value = parseCustomFieldValue(row.value)
    if (!value.ok) return refusalText(i18next.t('layout:customFields.badValue', { name }), value)
  }
  return null
}

interface WithCustomFields {
  id: string
  customFields: Record<string, unknown>
}

/**
 * A person's or a deal's custom fields: written by inbound webhooks and imports, and here, since
 * the spec leaves writing them to the web app.
 */
export function CustomFieldsCard<Record extends WithCustomFields>({
  record,
  patch,
  queryKey,
}: {
  record: Record
  /** Sends the changed fields (null removes one); answers the record as saved. */
  patch(id: string, customFields: { [name: string]: string | null }): Promise<Record>
  /** Where the record is cached, refreshed with what the server answers. */
  queryKey: readonly unknown[]
}) {
  const { t } = useTranslation(['layout', 'common'])
  const canWrite = useCan('records.write')
  const queryClient = useQueryClient()
  const toast = useToast()
  const [rows, setRows] = useState<Row[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const fields = Object.entries(record.customFields)
  const headingId = useId()
  const save = useMutation({
    mutationFn: (changes: { [name: string]: string | null }) => patch(record.id, changes),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved)
      void queryClient.invalidateQueries({ queryKey })
      setRows(null)
      toast(t('customFields.saved'), { tone: 'success' })
    },
    onError: (failure) => setError(errorMessage(failure)),
  })
  const edit = () => {
    setError(null)
    setRows(fields.map(([name, value]) => ({ name, value: asText(value) })))
  }
  const change = (index: number, changes: Partial<Row>) =>
    setRows((current) =>
      (current ?? []).map((row, position) => (position === index ? { ...row, ...changes } : row)),
    )

  return (
    <section aria-labelledby={headingId} className="detail-card">
      <div className="card-header">
        <h2 id={headingId}>{t('customFields.heading')}</h2>
        {!rows && canWrite && (
          <button type="button" className="link-button" onClick={edit}>
            {t('customFields.edit')}
          </button>
        )}
      </div>
      {!rows &&
        (fields.length === 0 ? (
          <p className="muted">{t('customFields.none')}</p>
        ) : (
          <dl className="facts">
            {fields.map(([name, value]) => (
              <div key={name} className="fact">
                <dt>{name}</dt>
                <dd>{asText(value)}</dd>
              </div>
            ))}
          </dl>
        ))}
      {rows && (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            const problem = rowProblem(rows)
            setError(problem)
            if (!problem) save.mutate(patchFrom(record.customFields, rows))
          }}
        >
          <FormError message={error} />
          <ul className="edit-list">
            {rows.map((row, index) => (
              <li key={index} className="edit-row">
                {rowParts.map(({ part, label, placeholder }) => (
                  <QuietInput
                    key={part}
                    id={`custom-${part}-${index}`}
                    label={t(label, { number: index + 1 })}
                    placeholder={t(placeholder)}
                    value={row[part]}
                    onValue={(text) => change(index, { [part]: text })}
                  />
                ))}
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('customFields.remove', { name: row.name || index + 1 })}
                  onClick={() => setRows(rows.filter((_, position) => position !== index))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button"
            onClick={() => setRows([...rows, { name: '', value: '' }])}
          >
            {t('customFields.add')}
          </button>
          <div className="form-actions">
            <button type="button" className="button" onClick={() => setRows(null)}>
              {t('common:cancel')}
            </button>
            <button type="submit" className="button button-primary" disabled={save.isPending}>
              {t('customFields.save')}
            </button>
          </div>
        </form>
      )}
    </section>
  )
}
