import { useFormContext, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useUsers } from '../../api/reference-data'
import { TextField } from '../../ui/text-field'
import { CreateDealFields } from './create-deal-fields'
import type { FormValues } from './form-values'

/** What happens once a record is in: an owner in turn, tags, and (for people) a new deal. */
export function AfterReceiptSection() {
  const { t } = useTranslation('inbound')
  const { register, control } = useFormContext<FormValues>()
  const [objectType, createDeal] = useWatch({ control, name: ['objectType', 'createDeal'] })
  const users = useUsers()
  return (
    <>
      <h3>{t('afterReceipt.heading')}</h3>
      <fieldset className="plain-fieldset">
        <legend>{t('afterReceipt.assignOwner')}</legend>
        <div className="inline-row">
          {users.data?.length === 0 && <span className="muted">{t('afterReceipt.noUsers')}</span>}
          {users.data?.map((user) => (
            <label key={user.id} className="choice">
              <input type="checkbox" value={user.id} {...register('ownerIds')} /> {user.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="form-grid">
        <TextField
          id="inbound-tags"
          label={t('afterReceipt.addTags')}
          name="addTags"
          hint={t('afterReceipt.addTagsHint')}
        />
      </div>
      {objectType === 'person' && (
        <>
          <label className="choice">
            <input type="checkbox" {...register('createDeal')} /> {t('afterReceipt.createDeal')}
          </label>
          {createDeal && <CreateDealFields />}
        </>
      )}
    </>
  )
}
