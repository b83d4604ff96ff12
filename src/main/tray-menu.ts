import type { MenuItemConstructorOptions } from 'electron'
import type { TunnelState } from '../server/tunnel/manager'
import { desktopText } from './desktop-i18n'

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
  const { t } = desktopText
  switch (state.status) {
    case 'off':
      return t('tray.tunnelOff')
    case 'connecting':
      return t('tray.tunnelConnecting', { provider: state.provider })
    case 'connected':
      return t('tray.tunnelConnected', { url: state.publicUrl })
    case 'reconnecting':
      return t('tray.tunnelReconnecting', {
        reason: state.lastError ?? t('tray.connectionLost'),
      })
  }
}

/** The tray menu: where the API listens, the tunnel's state, and the few actions that need no window. */
export function trayMenuTemplate(
  apiUrl: string,
  tunnel: TunnelState,
  actions: TrayActions,
): MenuItemConstructorOptions[] {
  const { t } = desktopText
  return [
    { label: t('tray.api', { url: `${apiUrl}/api/v1` }), enabled: false },
    { label: t('tray.copyApiUrl'), click: actions.copyApiUrl },
    { type: 'separator' },
    { label: tunnelLabel(tunnel), enabled: false },
    {
      label: tunnel.status === 'off' ? t('tray.turnTunnelOn') : t('tray.turnTunnelOff'),
      click: actions.toggleTunnel,
    },
    { type: 'separator' },
    { label: t('tray.openOutpost'), click: actions.openWindow },
    { label: t('tray.newTask'), click: actions.quickAdd },
    { label: t('tray.openDataFolder'), click: actions.openDataFolder },
    { type: 'separator' },
    { label: t('tray.quit'), role: 'quit', click: actions.quit },
  ]
}
