import { Trans, useTranslation } from 'react-i18next'
import { loginLinkCommand } from '../../../shared/login-link'
import './session.css'

/** Shown when the browser has no session: how to get one from the machine running Outpost. */
export function SignedOut() {
  const { t } = useTranslation('session')
  const origin = window.location.origin
  return (
    <main className="signed-out" id="main">
      <div className="signed-out-card">
        <h1>{t('signedOut.heading')}</h1>
        <p>
          <Trans
            t={t}
            i18nKey="signedOut.safety"
            values={{ origin }}
            components={{ home: <a href={`${origin}/`} />, code: <code /> }}
          />
        </p>
        {/* What `outpost serve` prints, word for word: the server's console speaks English. */}
        <pre>{`Open the UI (this link works once): ${origin}/login?token=…`}</pre>
        <p>{t('signedOut.newLink')}</p>
        <pre>{loginLinkCommand}</pre>
        <p>{t('signedOut.desktop')}</p>
      </div>
    </main>
  )
}
