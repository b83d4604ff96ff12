import { useState, type FormEvent } from 'react'
import { currencies } from '../api/endpoints'
import { keys } from '../api/keys'
import { useCurrencies } from '../api/reference-data'
import { userLocale } from '../format/locale'
import { ErrorState, Skeleton } from '../ui/states'
import { useSettingsMutation } from './use-settings-mutation'

const names = new Intl.DisplayNames([userLocale], { type: 'currency' })
const allCodes = Intl.supportedValuesOf('currency')

/** /settings/currencies: which currencies deals may use (BRL from the start). */
export function CurrenciesSettings() {
  const list = useCurrencies()
  const [code, setCode] = useState('')
  const enable = useSettingsMutation(currencies.enable, {
    invalidates: [keys.currencies],
    done: (currency) => `${currency.code} enabled`,
  })
  const disable = useSettingsMutation(currencies.disable, {
    invalidates: [keys.currencies],
    done: 'Currency disabled',
  })
  const enabled = new Set(list.data?.map((currency) => currency.code))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (code) enable.mutate(code, { onSuccess: () => setCode('') })
  }
  return (
    <section aria-labelledby="currencies-heading">
      <h2 id="currencies-heading">Currencies</h2>
      <p className="section-intro">
        Deals may use any enabled currency. Disabling one keeps the deals already in it as they are.
        Sums on the board are kept per currency, never converted.
      </p>
      {list.isPending && <Skeleton lines={2} label="Loading currencies" />}
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
                Disable
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="inline-form" onSubmit={submit}>
        <label htmlFor="new-currency">Enable a currency</label>
        <div className="inline-row">
          <select id="new-currency" value={code} onChange={(event) => setCode(event.target.value)}>
            <option value="">Choose…</option>
            {allCodes
              .filter((item) => !enabled.has(item))
              .map((item) => (
                <option key={item} value={item}>
                  {item} — {names.of(item)}
                </option>
              ))}
          </select>
          <button type="submit" className="button" disabled={!code || enable.isPending}>
            Enable
          </button>
        </div>
      </form>
    </section>
  )
}
