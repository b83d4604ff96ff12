import { Link } from 'react-router'
import { parseEmail } from '../../../shared/fields/email'
import { parsePhone } from '../../../shared/fields/phone'
import { parseLine } from '../../../shared/fields/text'
import { lifecycleStages } from '../../../shared/lifecycle'
import { fieldRule } from '../forms/field-rules'
import { CompanySelect, OwnerSelect, TagsField } from '../forms/record-fields'
import { lifecycleLabels } from '../format/labels'
import { SelectField } from '../ui/select-field'
import { TextField } from '../ui/text-field'

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
  return (
    <div className="form-grid">
      <TextField
        id="person-name"
        label="Full name"
        name="fullName"
        autoComplete="off"
        rules={{ required: 'Enter the person’s name', validate: fieldRule('Name', parseLine) }}
      />
      <TextField
        id="person-email"
        label="E-mail"
        name="primaryEmail"
        type="email"
        autoComplete="off"
        rules={{ validate: fieldRule('E-mail', parseEmail) }}
        after={
          duplicateOf && (
            <Link to={`/people/${duplicateOf}`} onClick={onLeave}>
              Open the person who has this e-mail
            </Link>
          )
        }
      />
      <TextField
        id="person-phone"
        label="Phone"
        name="primaryPhone"
        type="tel"
        autoComplete="off"
        rules={{ validate: fieldRule('Phone', (raw) => parsePhone(raw)) }}
      />
      <SelectField
        id="person-lifecycle"
        label="Lifecycle stage"
        name="lifecycleStage"
        none="None"
        choices={lifecycleChoices}
      />
      <CompanySelect id="person-company" name="companyId" />
      <OwnerSelect id="person-owner" />
      <TextField
        id="person-source"
        label="Lead source"
        name="leadSource"
        rules={{ validate: fieldRule('Lead source', parseLine) }}
      />
      <TagsField id="person-tags" />
    </div>
  )
}
