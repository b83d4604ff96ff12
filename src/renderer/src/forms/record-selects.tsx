import { useCompanies, useUsers } from '../api/reference-data'
import { byName, SelectField } from '../ui/select-field'

// The selects every record form has: who owns it, and which company it belongs to.

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
