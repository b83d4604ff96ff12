import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormError } from '../ui/field'
import { InlineForm } from '../ui/inline-form'
import type { OutpostBridge } from '../../../preload/api'

function Connect({ bridge }: { bridge: OutpostBridge }) {
  const { t } = useTranslation('settings')
  const [address, setAddress] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [connecting, setConnecting] = useState(false)
  const connect = async () => {
    setConnecting(true)
    setError(null)
    const refused = await bridge.teamServer.connect(address)
    // On success the app restarts on the team server; this page goes with it.
    if (refused) {
      setError(refused.error)
      setConnecting(false)
    }
  }
  return (
    <>
      <p className="section-intro">{t('teamServer.intro')}</p>
      <InlineForm
        title={t('teamServer.address')}
        text={{
          id: 'team-server-address',
          value: address,
          onValue: setAddress,
          placeholder: 'https://crm.example.com',
        }}
        onSubmit={() => void connect()}
        submit={{
          label: connecting ? t('teamServer.connecting') : t('teamServer.connect'),
          disabled: connecting || address.trim() === '',
          primary: true,
        }}
      />
      <FormError message={error} />
      <p className="hint">{t('teamServer.moveHint')}</p>
    </>
  )
}

/** /settings/team-server (desktop app only): show a team server's UI instead of this computer's. */
export function TeamServerSettings() {
  const { t } = useTranslation('settings')
  const bridge = window.outpost
  return (
    <section aria-labelledby="team-server-heading">
      <h2 id="team-server-heading">{t('teamServer.heading')}</h2>
      {!bridge ? (
        <p className="section-intro">{t('teamServer.desktopOnly')}</p>
      ) : bridge.teamServer.origin ? (
        <>
          <p className="section-intro">
            {t('teamServer.connected', { origin: bridge.teamServer.origin })}
          </p>
          <button
            type="button"
            className="button"
            onClick={() => void bridge.teamServer.disconnect()}
          >
            {t('teamServer.disconnect')}
          </button>
        </>
      ) : (
        <Connect bridge={bridge} />
      )}
    </section>
  )
}
