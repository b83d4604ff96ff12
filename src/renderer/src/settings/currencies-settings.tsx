import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { currencies } from '../api/endpoints'
import { keys } from '../api/keys'
import { useCurrencies } from '../api/reference-data'
import { language } from '../i18n/i18n'
import { ErrorState, Skeleton } from '../ui/states'
import { useSettingsMutation } from './use-settings-mutation'
import { ServerOwned } from '../sync/server-owned'

const names = new Intl.DisplayNames([language], { type: 'currency' })
const allCodes = Intl.supportedValuesOf('currency')

/** /settings/currencies: which currencies deals may use (BRL from the start). */
export function CurrenciesSettings() {
  const { t } = useTranslation('settings')
  const list = useCurrencies()
  const [code, setCode] = useState('')
  const enable = useSettingsMutation(currencies.enable, {
    invalidates: [keys.currencies],
    done: (currency) => t('currencies.enabled', { code: currency.code }),
  })
  const disable = useSettingsMutation(currencies.disable, {
    invalidates: [keys.currencies],
    done: t('currencies.disabled'),
  })
  const enabled = new Set(list.data?.map((currency) => currency.code))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (code) enable.mutate(code, { onSuccess: () => setCode('') })
  }
  return (
    <section aria-labelledby="currencies-heading">
      <h2 id="currencies-heading">{t('currencies.heading')}</h2>
      <p className="section-intro">{t('currencies.intro')}</p>
      <ServerOwned>
        {list.isPending && <Skeleton lines={2} label={t('currencies.loading')} />}
        {list.isError && <ErrorState error={list.error} retry={() => void list.refetch()} />}
        {list.data && (
          <ul className="edit-list">
            {list.data.map((currency) => (
              <li key={currency.code} className="edit-row">
                <span className="currency-code">{currency.code}</span>
                <span className="grow">{names.of(currency.code)}</span>
                <button
                  type="button"
                  className="button button-danger-quiet"
                  onClick={() => disable.mutate(currency.code)}
                >
                  {t('currencies.disable')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <form className="inline-form" onSubmit={submit}>
          <label htmlFor="new-currency">{t('currencies.enableLabel')}</label>
          <div className="inline-row">
            <select
              id="new-currency"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            >
              <option value="">{t('currencies.choose')}</option>
              {allCodes
                .filter((item) => !enabled.has(item))
                .map((item) => (
                  <option key={item} value={item}>
                    {item} — {names.of(item)}
                  </option>
                ))}
            </select>
            <button type="submit" className="button" disabled={!code || enable.isPending}>
              {t('currencies.enable')}
            </button>
          </div>
        </form>
      </ServerOwned>
    </section>
  )
}
