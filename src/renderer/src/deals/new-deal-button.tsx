import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCan } from '../session/workspace'
import { DealFormDialog } from './deal-form-dialog'

/**
 * "New deal" on a person's or a company's page: the form opens linked to them (in the
 * workspace's first pipeline), so the deal shows on the page it was made from.
 */
export function NewDealButton({
  personId,
  companyId,
}: {
  personId?: string
  companyId?: string | null
}) {
  const { t } = useTranslation('deals')
  const canWrite = useCan('records.write')
  const [open, setOpen] = useState(false)
  if (!canWrite) return null
  return (
    <>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {t('form.newTitle')}
      </button>
      <DealFormDialog
        open={open}
        onClose={() => setOpen(false)}
        defaults={{
          primaryPersonId: personId ?? '',
          primaryCompanyId: companyId ?? '',
        }}
      />
    </>
  )
}
