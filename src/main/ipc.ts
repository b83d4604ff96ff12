import { decideNavigation } from './navigation'

/** The channels between the preload and the main process; nothing else is listened to. */
export const ipcChannels = {
  bridgeInfo: 'outpost:bridge-info',
  tunnelState: 'outpost:tunnel-state',
  setTunnelEnabled: 'outpost:set-tunnel-enabled',
  openDataFolder: 'outpost:open-data-folder',
  language: 'outpost:language',
  connectTeamServer: 'outpost:connect-team-server',
  disconnectTeamServer: 'outpost:disconnect-team-server',
} as const

/** What the preload reads once, synchronously, when the window loads. */
export interface BridgeInfo {
  version: string
  sessionSecret: string
  apiUrl: string
  /** The team server the window shows (its origin), or null on this computer's own server. */
  teamServer: string | null
}

/**
 * Only pages of the app's own origin may talk to the main process: a page that somehow navigated
 * elsewhere gets nothing, the session secret least of all.
 */
export function trustedSender(senderUrl: string | undefined, appOrigin: string): boolean {
  return senderUrl !== undefined && decideNavigation(senderUrl, appOrigin) === 'in-app'
}
