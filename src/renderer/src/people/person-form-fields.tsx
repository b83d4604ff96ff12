import { Link } from 'react-router'
import { useFormContext } from 'react-hook-form'
import { parseEmail } from '../../../shared/fields/email'
import { parsePhone } from '../../../shared/fields/phone'
import { parseTagText } from '../../../shared/fields/tag'
import { parseLine } from '../../../shared/fields/text'
import { lifecycleStages } from '../../../shared/lifecycle'
import { fieldRule } from '../forms/field-rules'
import { CompanySelect, OwnerSelect } from '../forms/record-selects'
import { lifecycleLabels } from '../format/labels'
import { controlProps, Field } from '../ui/field'
import { SelectField } from '../ui/select-field'
import type { PersonFormValues } from './person-form-values'

const lifecycleChoices = lifecycleStages.map((stage) => ({
  value: stage,
  label: lifecycleLabels[stage],
}))

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
  const { register, formState } = useFormContext<PersonFormValues>()
  const errors = formState.errors
  return (
    <div className="form-grid">
      <Field id="person-name" label="Full name" error={errors.fullName?.message}>
        <input
          {...controlProps('person-name', errors.fullName?.message)}
          autoComplete="off"
          {...register('fullName', {
            required: 'Enter the person’s name',
            validate: fieldRule('Name', parseLine),
          })}
        />
      </Field>
      <Field
        id="person-email"
        label="E-mail"
        error={errors.primaryEmail?.message}
        after={
          duplicateOf && (
            <Link to={`/people/${duplicateOf}`} onClick={onLeave}>
              Open the person who has this e-mail
            </Link>
          )
        }
      >
        <input
          {...controlProps('person-email', errors.primaryEmail?.message)}
          type="email"
          autoComplete="off"
          {...register('primaryEmail', { validate: fieldRule('E-mail', parseEmail) })}
        />
      </Field>
      <Field id="person-phone" label="Phone" error={errors.primaryPhone?.message}>
        <input
          {...controlProps('person-phone', errors.primaryPhone?.message)}
          type="tel"
          autoComplete="off"
          {...register('primaryPhone', {
            validate: fieldRule('Phone', (raw) => parsePhone(raw)),
          })}
        />
      </Field>
      <SelectField
        id="person-lifecycle"
        label="Lifecycle stage"
        name="lifecycleStage"
        none="None"
        choices={lifecycleChoices}
      />
      <CompanySelect id="person-company" name="companyId" />
      <OwnerSelect id="person-owner" />
      <Field id="person-source" label="Lead source" error={errors.leadSource?.message}>
        <input
          {...controlProps('person-source', errors.leadSource?.message)}
          {...register('leadSource', { validate: fieldRule('Lead source', parseLine) })}
        />
      </Field>
      <Field id="person-tags" label="Tags" error={errors.tags?.message} hint="Separated by commas">
        <input
          {...controlProps('person-tags', errors.tags?.message)}
          {...register('tags', { validate: fieldRule('Tag', parseTagText) })}
        />
      </Field>
    </div>
  )
}
