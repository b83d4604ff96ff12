import { useTranslation } from 'react-i18next'
import { TextField } from '../../ui/text-field'

/** A site posting to the webhook: its thank-you page for plain forms, its origins for fetch. */
export function WebSection() {
  const { t } = useTranslation('inbound')
  return (
    <>
      <h3>{t('web.heading')}</h3>
      <div className="form-grid">
        <TextField
          id="inbound-redirect"
          label={t('web.redirectUrl')}
          name="redirectUrl"
          type="url"
          placeholder="https://www.example.com.br/obrigado"
          hint={t('web.redirectHint')}
        />
        <TextField
          id="inbound-origins"
          label={t('web.allowedOrigins')}
          name="allowedOrigins"
          placeholder="https://www.example.com.br"
          hint={t('web.originsHint')}
        />
      </div>
    </>
  )
}
