import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import type { ApiToken, CreatedApiToken } from '../api/types'
import { tokens } from '../api/endpoints'
import { keys } from '../api/keys'
import { ConfirmDialog } from '../ui/dialog'
import { SecretDialog } from '../ui/secret-dialog'
import { QueryView } from '../ui/states'
import { CreateTokenForm } from './create-token-form'
import { WorkspaceNumberSetting } from './workspace-number-setting'
import { TokensTable } from './tokens-table'
import { useSettingsMutation } from './use-settings-mutation'

/** /settings/tokens: API tokens for scripts; the secret is shown once, at creation. */
export function TokensSettings() {
  const { t } = useTranslation('settings')
  const list = useQuery({ queryKey: keys.tokens, queryFn: tokens.list })
  const [created, setCreated] = useState<CreatedApiToken | null>(null)
  const [revoking, setRevoking] = useState<ApiToken | null>(null)
  const revoke = useSettingsMutation(tokens.revoke, {
    invalidates: [keys.tokens],
    done: t('tokens.revoked'),
  })
  return (
    <section aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">{t('tokens.heading')}</h2>
      <p className="section-intro">
        <Trans
          t={t}
          i18nKey="tokens.intro"
          shouldUnescape
          components={{ code: <code />, em: <em /> }}
        />
      </p>
      <CreateTokenForm onCreated={setCreated} />
      <WorkspaceNumberSetting field="rateLimitPerMinute" />
      <QueryView query={list} loading={t('tokens.loading')} empty={t('tokens.empty')}>
        {(data) => <TokensTable tokens={data} onRevoke={setRevoking} />}
      </QueryView>
      <SecretDialog
        title={t('tokens.newTitle')}
        secret={created?.token ?? null}
        testId="created-token"
        onClose={() => setCreated(null)}
      >
        <p>
          <Trans
            t={t}
            i18nKey="tokens.copyNow"
            values={{ name: created?.name ?? '' }}
            components={{ strong: <strong /> }}
          />
        </p>
      </SecretDialog>
      <ConfirmDialog
        open={revoking !== null}
        title={t('tokens.revokeTitle')}
        message={
          <Trans
            t={t}
            i18nKey="tokens.revokeMessage"
            values={{ name: revoking?.name ?? '' }}
            components={{ strong: <strong /> }}
          />
        }
        confirmLabel={t('tokens.revokeConfirm')}
        danger
        busy={revoke.isPending}
        onConfirm={() =>
          revoking && revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) })
        }
        onClose={() => setRevoking(null)}
      />
    </section>
  )
}
