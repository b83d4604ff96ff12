import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCan } from '../session/workspace'
import { PersonFormDialog } from './person-form-dialog'

/** "New person" on a company's page: the form opens with the company chosen. */
export function NewPersonButton({ companyId }: { companyId: string }) {
  const { t } = useTranslation('people')
  const canWrite = useCan('records.write')
  const [open, setOpen] = useState(false)
  if (!canWrite) return null
  return (
    <>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {t('page.newPerson')}
      </button>
      <PersonFormDialog open={open} onClose={() => setOpen(false)} companyId={companyId} />
    </>
  )
}
