import { useCompanies, useCurrencies, useUsers } from '../api/reference-data'
import { defaultCurrency } from '../format/locale'
import { byName, SelectField } from '../ui/select-field'

// The selects of the record forms: who owns it, which company it belongs to, its currency.

/** The workspace's users, or no owner; bound to the form's `ownerId`. */
export function OwnerSelect({ id }: { id: string }) {
  const users = byName(useUsers().data)
  return <SelectField id={id} label="Owner" name="ownerId" none="No owner" choices={users} />
}

/** The workspace's companies, or none; bound to the form's field `name`. */
export function CompanySelect({ id, name }: { id: string; name: string }) {
  const companies = byName(useCompanies().data)
  return <SelectField id={id} label="Company" name={name} none="None" choices={companies} />
}

/** The workspace's enabled currencies (the default one until they load); bound to `name`. */
export function CurrencySelect({ id, name }: { id: string; name: string }) {
  const codes = (useCurrencies().data ?? [{ code: defaultCurrency }]).map(({ code }) => code)
  const choices = codes.map((code) => ({ value: code, label: code }))
  return <SelectField id={id} label="Currency" name={name} choices={choices} />
}
