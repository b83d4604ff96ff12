import { useFormContext, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { namesItsHeader, verificationKinds } from '../../../../shared/verification-kinds'
import type { InboundWebhook } from '../../api/types'
import { Field } from '../../ui/field'
import { TextField } from '../../ui/text-field'
import type { FormValues } from './form-values'

// The server's list: the type checker holds it to the API's.
const kinds = verificationKinds satisfies readonly InboundWebhook['verification']['kind'][]

/** How deliveries prove their sender: a shared secret header, or a provider's signature. */
export function VerificationSection({ secretSet }: { secretSet: boolean }) {
  const { t } = useTranslation('inbound')
  const { register, control } = useFormContext<FormValues>()
  const kind = useWatch({ control, name: 'verificationKind' })
  return (
    <>
      <h3>{t('verification.heading')}</h3>
      <div className="form-grid">
        <Field id="inbound-verification" label={t('verification.kind')}>
          <select id="inbound-verification" {...register('verificationKind')}>
            {kinds.map((value) => (
              <option key={value} value={value}>
                {t(`verification.kinds.${value}`)}
              </option>
            ))}
          </select>
        </Field>
        {namesItsHeader(kind) && (
          <TextField
            id="inbound-verification-header"
            label={t(kind === 'header' ? 'verification.header' : 'verification.signatureHeader')}
            name="verificationHeader"
            placeholder={kind === 'header' ? 'X-Form-Secret' : 'X-Shopify-Hmac-Sha256'}
          />
        )}
        {kind !== 'none' && (
          <TextField
            id="inbound-verification-secret"
            label={t('verification.secret')}
            name="verificationSecret"
            type="password"
            autoComplete="off"
            hint={secretSet ? t('verification.secretKept') : t('verification.secretHint')}
          />
        )}
      </div>
    </>
  )
}
