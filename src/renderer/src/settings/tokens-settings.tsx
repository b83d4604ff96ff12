import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
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
  const list = useQuery({ queryKey: keys.tokens, queryFn: tokens.list })
  const [created, setCreated] = useState<CreatedApiToken | null>(null)
  const [revoking, setRevoking] = useState<ApiToken | null>(null)
  const revoke = useSettingsMutation(tokens.revoke, {
    invalidates: [keys.tokens],
    done: 'Token revoked: it stops working at once',
  })
  return (
    <section aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">API tokens</h2>
      <p className="section-intro">
        Scripts call <code>/api/v1</code> with <code>Authorization: Bearer &lt;token&gt;</code>. An{' '}
        <em>api</em> token reaches people and deals; an <em>admin</em> token also reaches these
        settings (<code>/api/app/v1</code>). A token past its requests per minute gets 429 with a
        Retry-After until the minute is over.
      </p>
      <CreateTokenForm onCreated={setCreated} />
      <WorkspaceNumberSetting field="rateLimitPerMinute" />
      <QueryView query={list} loading="Loading tokens" empty="No tokens yet">
        {(data) => <TokensTable tokens={data} onRevoke={setRevoking} />}
      </QueryView>
      <SecretDialog
        title="Your new token"
        secret={created?.token ?? null}
        testId="created-token"
        onClose={() => setCreated(null)}
      >
        <p>
          Copy it now: this is the only time <strong>{created?.name}</strong> is shown. Only a hash
          of it is kept.
        </p>
      </SecretDialog>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this token?"
        message={
          <>
            Scripts using <strong>{revoking?.name}</strong> get 401 from their next request.
          </>
        }
        confirmLabel="Revoke token"
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
