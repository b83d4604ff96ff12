import { useTranslation } from 'react-i18next'

/**
 * A list's custom field filter, `customField=plan=pro` in the address, as its two inputs: the
 * field's name and the value it must have (the value's input shows once a name is typed).
 */
export function CustomFieldFilter({
  value,
  onChange,
}: {
  value: string | undefined
  onChange(value: string | undefined): void
}) {
  const { t } = useTranslation('layout')
  const split = value?.indexOf('=') ?? -1
  const [name, wanted] = split >= 0 ? [value!.slice(0, split), value!.slice(split + 1)] : ['', '']
  const set = (nextName: string, nextValue: string) =>
    onChange(nextName.trim() ? `${nextName.trim()}=${nextValue}` : undefined)
  return (
    <>
      <label className="filter">
        <span>{t('customFields.filter')}</span>
        <input
          value={name}
          placeholder={t('customFields.filterPlaceholder')}
          onChange={(event) => set(event.target.value, wanted)}
        />
      </label>
      {name && (
        <label className="filter">
          <span>{t('customFields.filterValue', { name })}</span>
          <input value={wanted} onChange={(event) => set(name, event.target.value)} />
        </label>
      )}
    </>
  )
}
