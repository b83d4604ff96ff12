import type { MenuItemConstructorOptions } from 'electron'
import type { TunnelState } from '../server/tunnel/manager'

export interface TrayActions {
  openWindow(): void
  /** Opens the window on a new task, from anywhere on the desktop. */
  quickAdd(): void
  copyApiUrl(): void
  toggleTunnel(): void
  openDataFolder(): void
  quit(): void
}

/** Where "New task…" opens the window: My work with its new-task form open. */
export const quickAddPath = '/my-work?new=task'

export function tunnelLabel(state: TunnelState): string {
  switch (state.status) {
    case 'off':
      return 'Tunnel: off'
    case 'connecting':
      return `Tunnel: connecting (${state.provider})…`
    case 'connected':
      return `Tunnel: ${state.publicUrl}`
    case 'reconnecting':
      return `Tunnel: reconnecting (${state.lastError ?? 'connection lost'})`
  }
}

/** The tray menu: where the API listens, the tunnel's state, and the few actions that need no window. */
export function trayMenuTemplate(
  apiUrl: string,
  tunnel: TunnelState,
  actions: TrayActions,
): MenuItemConstructorOptions[] {
  return [
    { label: `API: ${apiUrl}/api/v1`, enabled: false },
    { label: 'Copy API URL', click: actions.copyApiUrl },
    { type: 'separator' },
    { label: tunnelLabel(tunnel), enabled: false },
    {
      label: tunnel.status === 'off' ? 'Turn tunnel on' : 'Turn tunnel off',
      click: actions.toggleTunnel,
    },
    { type: 'separator' },
    { label: 'Open Outpost', click: actions.openWindow },
    { label: 'New task…', click: actions.quickAdd },
    { label: 'Open data folder', click: actions.openDataFolder },
    { type: 'separator' },
    { label: 'Quit Outpost', role: 'quit', click: actions.quit },
  ]
}
