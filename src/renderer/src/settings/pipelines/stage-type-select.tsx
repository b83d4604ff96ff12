import { useTranslation } from 'react-i18next'
import type { StageType } from '../../api/types'

/** A stage's type (open, won, lost), with a label only screen readers hear. */
export function StageTypeSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string
  label: string
  value: StageType
  onChange(type: StageType): void
}) {
  const { t } = useTranslation('pipelines')
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as StageType)}>
        <option value="open">{t('types.open')}</option>
        <option value="won">{t('types.won')}</option>
        <option value="lost">{t('types.lost')}</option>
      </select>
    </>
  )
}
