import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useWorkspace } from '../session/workspace'
import { useSyncLink } from './use-sync-link'

/**
 * Settings the team server owns (users, pipelines, lost reasons, currencies, activity types): in
 * a workspace this computer replicates they are shown as they are, every control disabled, with
 * a word on where they change (docs/sync-protocol.md, section 6). Anywhere else, as they are.
 */
export function ServerOwned({ children, quiet }: { children: ReactNode; quiet?: boolean }) {
  const { t } = useTranslation('settings')
  const { current } = useWorkspace()
  const { data } = useSyncLink()
  if (!data?.workspaces.some((workspace) => workspace.workspaceId === current.id)) {
    return <>{children}</>
  }
  return (
    <>
      {!quiet && (
        <p className="server-owned-note" role="note">
          {t('sync.serverOwned', { server: data.serverUrl })}
        </p>
      )}
      <fieldset className="server-owned" disabled>
        {children}
      </fieldset>
    </>
  )
}
