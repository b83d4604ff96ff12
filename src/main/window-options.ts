import type { BrowserWindowConstructorOptions } from 'electron'

/**
 * The main window: the renderer runs sandboxed, isolated from the preload, with no Node.js; it
 * reaches the app only through the preload's small bridge and the HTTP API.
 */
export function mainWindowOptions(preload: string, icon?: string): BrowserWindowConstructorOptions {
  return {
    width: 1360,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    title: 'Outpost',
    icon,
    show: false,
    backgroundColor: '#1f3a5f',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: true,
    },
  }
}
