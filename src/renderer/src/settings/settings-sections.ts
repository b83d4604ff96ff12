import type { Permission } from '../../../shared/permissions'
import { useWorkspace } from '../session/workspace'

// Each section, and what the session's role needs to see it (null: anyone).
const sections = [
  ['pipelines', 'sections.pipelines', 'pipelines.manage'],
  ['lost-reasons', 'sections.lostReasons', 'workspace.manage'],
  ['activities', 'sections.activities', 'workspace.manage'],
  ['users', 'sections.users', 'records.read'],
  ['currencies', 'sections.currencies', 'workspace.manage'],
  ['workspace', 'sections.workspace', 'workspace.manage'],
  ['tokens', 'sections.tokens', 'tokens.manage'],
  ['inbound', 'sections.inbound', 'webhooks.manage'],
  ['outbound', 'sections.outbound', 'webhooks.manage'],
  ['tunnel', 'sections.tunnel', 'server.manage'],
  ['sync', 'sections.sync', 'server.manage'],
  ['import-export', 'sections.importExport', 'records.read'],
  ['backups', 'sections.backups', 'server.manage'],
  ['audit', 'sections.audit', 'audit.read'],
  ['language', 'sections.language', null],
] as const satisfies readonly (readonly [string, string, Permission | null])[]

/** The sections this role may use, in order: the first is where /settings goes. */
export function useSettingsSections() {
  const { current } = useWorkspace()
  return sections.filter(([, , needs]) => needs === null || current.permissions.includes(needs))
}

// Only the desktop app can move onto a team server (preload/api.ts `teamServer`).
export const desktopSections = [['team-server', 'sections.teamServer']] as const
