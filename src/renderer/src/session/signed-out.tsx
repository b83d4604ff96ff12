import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { session } from '../api/endpoints'
import { keys } from '../api/keys'
import './session.css'

/**
 * Shown when the browser has no session: sign in with an account's e-mail and password, or how to
 * get a login link from the machine running Outpost (`command`, for its data folder).
 */
export function SignedOut({ command }: { command: string }) {
  const { t } = useTranslation('session')
  const origin = window.location.origin
  return (
    <main className="signed-out" id="main">
      <div className="signed-out-card">
        <h1>{t('signedOut.heading')}</h1>
        <PasswordSignIn />
        <h2>{t('signedOut.linkHeading')}</h2>
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
        <pre>{command}</pre>
        <p>{t('signedOut.desktop')}</p>
      </div>
    </main>
  )
}

function PasswordSignIn() {
  const { t } = useTranslation('session')
  const queryClient = useQueryClient()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [failed, setFailed] = useState(false)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      await session.signInWithPassword(email, password)
      await queryClient.resetQueries({ queryKey: keys.session })
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="sign-in-form" onSubmit={(event) => void submit(event)}>
      <label htmlFor="sign-in-email">{t('signIn.email')}</label>
      <input
        id="sign-in-email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <label htmlFor="sign-in-password">{t('signIn.password')}</label>
      <input
        id="sign-in-password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {failed && (
        <p role="alert" className="sign-in-error">
          {t('signIn.failed')}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={busy}>
        {t('signIn.submit')}
      </button>
    </form>
  )
}

/** Signed in, but a member of no workspace (removed from the last one). */
export function NoWorkspace() {
  const { t } = useTranslation('session')
  const queryClient = useQueryClient()
  const signOut = async () => {
    await session.signOut().catch(() => undefined)
    await queryClient.resetQueries({ queryKey: keys.session })
  }
  return (
    <main className="signed-out" id="main">
      <div className="signed-out-card">
        <h1>{t('noWorkspace.heading')}</h1>
        <p>{t('noWorkspace.body')}</p>
        <button type="button" className="button" onClick={() => void signOut()}>
          {t('noWorkspace.signOut')}
        </button>
      </div>
    </main>
  )
}
