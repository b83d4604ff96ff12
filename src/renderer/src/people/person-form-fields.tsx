import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { parseEmail } from '../../../shared/fields/email'
import { parsePhone } from '../../../shared/fields/phone'
import { parseLine } from '../../../shared/fields/text'
import { lifecycleStages } from '../../../shared/lifecycle'
import { fieldRule } from '../forms/field-rules'
import { CompanySelect, OwnerSelect, TagsField } from '../forms/record-fields'
import { SelectField } from '../ui/select-field'
import { TextField } from '../ui/text-field'

/**
 * Every field of the person form. `duplicateOf`: the person who already has the e-mail typed,
 * linked under the field (`onLeave` closes the form when the link is followed).
 */
export function PersonFormFields({
  duplicateOf,
  onLeave,
}: {
  duplicateOf: string | null
  onLeave(): void
}) {
  const { t } = useTranslation(['people', 'common'])
  const lifecycleChoices = lifecycleStages.map((stage) => ({
    value: stage,
    label: t(`lifecycle.${stage}`),
  }))
  return (
    <div className="form-grid">
      <TextField
        id="person-name"
        label={t('form.fullName')}
        name="fullName"
        autoComplete="off"
        rules={{
          required: t('form.nameRequired'),
          validate: fieldRule(t('common:name'), parseLine),
        }}
      />
      <TextField
        id="person-email"
        label={t('common:email')}
        name="primaryEmail"
        type="email"
        autoComplete="off"
        rules={{ validate: fieldRule(t('common:email'), parseEmail) }}
        after={
          duplicateOf && (
            <Link to={`/people/${duplicateOf}`} onClick={onLeave}>
              {t('form.duplicate')}
            </Link>
          )
        }
      />
      <TextField
        id="person-phone"
        label={t('common:phone')}
        name="primaryPhone"
        type="tel"
        autoComplete="off"
        rules={{ validate: fieldRule(t('common:phone'), (raw) => parsePhone(raw)) }}
      />
      <SelectField
        id="person-lifecycle"
        label={t('form.lifecycleStage')}
        name="lifecycleStage"
        none={t('common:none')}
        choices={lifecycleChoices}
      />
      <CompanySelect id="person-company" name="companyId" />
      <OwnerSelect id="person-owner" />
      <TextField
        id="person-source"
        label={t('form.leadSource')}
        name="leadSource"
        rules={{ validate: fieldRule(t('form.leadSource'), parseLine) }}
      />
      <TagsField id="person-tags" />
    </div>
  )
}
