import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  Notification,
  powerMonitor,
  session,
  safeStorage,
  shell,
  Tray,
} from 'electron'
import icon from '../../resources/icon.png?asset'
import trayIcon from '../../resources/tray.png?asset'
import type { Activity } from '../server/activities/schema'
import { startServer, type RunningServer } from '../server/server'
import { readDesktopConfig, saveTeamServer, startupFailureMessage } from './desktop-config'
import { knownLanguage, systemLanguage, type Language } from '../shared/languages'
import { desktopText, setDesktopLanguage } from './desktop-i18n'
import { ipcChannels, trustedSender, type BridgeInfo } from './ipc'
import { decideNavigation, permissionAllowed } from './navigation'
import { reminderActions, reminderNotification, snoozeMinutes } from './reminders'
import { webhookAlertNotification } from './webhook-alerts'
import type { WebhookAlert } from '../server/webhooks-out/schema'
import { quickAddPath, trayMenuTemplate } from './tray-menu'
import { mainWindowOptions } from './window-options'
import { checkTeamServer } from './team-server'

// The Electron shell: everything here is wiring. The rules live in the modules it imports, which
// run and are tested under plain Node.

const preload = join(import.meta.dirname, '../preload/index.cjs')
const uiDir = join(import.meta.dirname, '../renderer')

function createWindow(appOrigin: string): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(preload, icon))
  window.once('ready-to-show', () => window.show())
  void window.loadURL(appOrigin)
  window.webContents.on('will-navigate', (event, url) => {
    if (decideNavigation(url, appOrigin) === 'in-app') return
    event.preventDefault()
    if (decideNavigation(url, appOrigin) === 'external') void shell.openExternal(url)
  })
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (decideNavigation(url, appOrigin) === 'external') void shell.openExternal(url)
    return { action: 'deny' }
  })
  return window
}

/**
 * The one main window on `appOrigin`, made now. Answers what shows it (made anew when it was
 * closed), which a second launch of the app and a click on its dock icon call too.
 */
function mainWindow(appOrigin: string): () => BrowserWindow {
  let window = createWindow(appOrigin)
  const open = () => {
    if (window.isDestroyed()) window = createWindow(appOrigin)
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
    return window
  }
  app.on('second-instance', open)
  app.on('activate', open)
  return open
}

function lockDownSessions(appOrigin: string): void {
  session.defaultSession.setPermissionRequestHandler((webContents, permission, grant) =>
    grant(permissionAllowed(permission, webContents.getURL(), appOrigin)),
  )
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })
}

type IpcEvent = Electron.IpcMainEvent | Electron.IpcMainInvokeEvent

/** Saves which server the app shows (a team server's origin, or null for its own) and restarts. */
async function restartOn(dataDir: string, origin: string | null, stop: () => Promise<void>) {
  saveTeamServer(dataDir, origin)
  await stop()
  app.relaunch()
  app.exit(0)
}

/**
 * Settings' "Connect to a team server": the address checked (https, an Outpost server answering),
 * then saved, and the app restarted on it. Answers why not, without restarting, when it fails.
 */
function handleConnectTeamServer(
  trusted: (event: IpcEvent) => boolean,
  dataDir: string,
  stop: () => Promise<void>,
) {
  ipcMain.handle(ipcChannels.connectTeamServer, async (event, address: unknown) => {
    if (!trusted(event) || typeof address !== 'string') return { error: 'Not allowed' }
    const checked = await checkTeamServer(address)
    if ('error' in checked) return checked
    await restartOn(dataDir, checked.origin, stop)
    return null
  })
}

function registerIpc(
  server: RunningServer,
  sessionSecret: string,
  appOrigin: string,
  dataDir: string,
  onLanguage: (language: Language) => void,
) {
  const trusted = (event: IpcEvent) => trustedSender(event.senderFrame?.url, appOrigin)
  ipcMain.on(ipcChannels.bridgeInfo, (event) => {
    const info: BridgeInfo = {
      version: app.getVersion(),
      sessionSecret: trusted(event) ? sessionSecret : '',
      apiUrl: server.url,
      teamServer: null,
    }
    event.returnValue = info
  })
  handleConnectTeamServer(trusted, dataDir, () => server.close())
  ipcMain.handle(ipcChannels.tunnelState, (event) =>
    trusted(event) ? server.tunnel.state() : null,
  )
  ipcMain.handle(ipcChannels.setTunnelEnabled, async (event, enabled: unknown) => {
    if (!trusted(event) || typeof enabled !== 'boolean') return server.tunnel.state()
    return server.setTunnelEnabled(enabled)
  })
  ipcMain.handle(ipcChannels.openDataFolder, async (event) => {
    if (trusted(event)) await shell.openPath(dataDir)
  })
  // The window says which language the user picked, so the tray and notifications speak it too.
  ipcMain.on(ipcChannels.language, (event, code: unknown) => {
    const language = knownLanguage(code)
    if (trusted(event) && language) onLanguage(language)
  })
}

function createTray(
  server: RunningServer,
  dataDir: string,
  openWindow: () => void,
  openPath: (path: string) => void,
): () => void {
  const tray = new Tray(trayIcon)
  tray.setToolTip('Outpost')
  const render = () =>
    tray.setContextMenu(
      Menu.buildFromTemplate(
        trayMenuTemplate(server.url, server.tunnel.state(), {
          openWindow,
          quickAdd: () => openPath(quickAddPath),
          copyApiUrl: () => clipboard.writeText(`${server.url}/api/v1`),
          toggleTunnel: () =>
            void server
              .setTunnelEnabled(server.tunnel.state().status === 'off')
              .catch((error: Error) =>
                dialog.showErrorBox(desktopText.t('tray.tunnelError'), error.message),
              ),
          openDataFolder: () => void shell.openPath(dataDir),
          quit: () => app.quit(),
        }),
      ),
    )
  server.tunnel.subscribe(render)
  render()
  // Drawing the menu again is all a change of language needs; the closure keeps the tray alive.
  return render
}

async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  await app.whenReady()
  setDesktopLanguage(systemLanguage(app.getPreferredSystemLanguages()))
  // The folder the CLI uses by default too; OUTPOST_DATA_DIR moves both.
  const dataDir = process.env.OUTPOST_DATA_DIR || app.getPath('userData')
  let config: ReturnType<typeof readDesktopConfig>
  try {
    config = readDesktopConfig(dataDir)
  } catch (error) {
    dialog.showErrorBox('Outpost could not start', (error as Error).message)
    app.exit(1)
    return
  }
  if (config.teamServer) {
    showTeamServer(config.teamServer, dataDir)
    return
  }
  // A new secret each launch: the window trades it for a UI session (see docs/ui.md).
  const sessionSecret = randomBytes(32).toString('base64url')
  let server: RunningServer
  // Reminders can come before the window exists; until then a click just lands on My work.
  let openPath = (_path: string) => {}
  try {
    server = await startServer({
      dataDir,
      port: config.port,
      uiDir,
      onReminders: (due) => showReminders(server, due, openPath),
      onWebhookAlerts: (alerts) => showWebhookAlerts(alerts, openPath),
      desktopSessionSecret: sessionSecret,
      // The key that seals credentials, encrypted by the OS keychain where there is one (a Linux
      // session without a keyring has none: the key file is then private to the user alone).
      keychain: safeStorage.isEncryptionAvailable()
        ? {
            encrypt: (text) => safeStorage.encryptString(text),
            decrypt: (bytes) => safeStorage.decryptString(bytes),
          }
        : undefined,
    })
  } catch (error) {
    dialog.showErrorBox('Outpost could not start', startupFailureMessage(error as Error, dataDir))
    app.exit(1)
    return
  }
  const appOrigin = new URL(server.url).origin
  lockDownSessions(appOrigin)
  let redrawTray = () => {}
  registerIpc(server, sessionSecret, appOrigin, dataDir, (language) => {
    setDesktopLanguage(language)
    redrawTray()
  })

  const openWindow = mainWindow(appOrigin)
  openPath = (path) => void openWindow().loadURL(new URL(path, appOrigin).href)
  // Back from sleep: the reminders missed meanwhile come at once, as one notice.
  powerMonitor.on('resume', () => void server.reminders.runNow())
  redrawTray = createTray(server, dataDir, openWindow, openPath)

  // Closing the window leaves Outpost in the tray, so reminders still come; the tray quits it.
  app.on('window-all-closed', () => {})
  // Quit only after the server has finished requests in flight, flushed webhook attempts and
  // closed the database.
  let closed = false
  app.on('before-quit', (event) => {
    if (closed) return
    event.preventDefault()
    void server.close().finally(() => {
      closed = true
      app.quit()
    })
  })
}

/**
 * The app on a team server: no embedded server, the window shows the team server's UI (where
 * each person signs in with their own account), and closing it quits, since reminders and
 * webhooks are the team server's to run.
 */
function showTeamServer(origin: string, dataDir: string): void {
  lockDownSessions(origin)
  const trusted = (event: IpcEvent) => trustedSender(event.senderFrame?.url, origin)
  ipcMain.on(ipcChannels.bridgeInfo, (event) => {
    const info: BridgeInfo = {
      version: app.getVersion(),
      sessionSecret: '',
      apiUrl: origin,
      teamServer: origin,
    }
    event.returnValue = info
  })
  const nothingToStop = async () => {}
  handleConnectTeamServer(trusted, dataDir, nothingToStop)
  ipcMain.handle(ipcChannels.disconnectTeamServer, async (event) => {
    if (trusted(event)) await restartOn(dataDir, null, nothingToStop)
  })
  ipcMain.on(ipcChannels.language, (event, code: unknown) => {
    const language = knownLanguage(code)
    if (trusted(event) && language) setDesktopLanguage(language)
  })
  mainWindow(origin)
  app.on('window-all-closed', () => app.quit())
}

/**
 * A check's reminders as one system notification, shown whether the window is open or closed to
 * the tray: a click opens the record (or My work); Done and Snooze act on the activity at once.
 */
function showReminders(server: RunningServer, due: Activity[], open: (path: string) => void) {
  if (!Notification.isSupported()) return
  const notice = reminderNotification(due)
  const single = notice.activityId ? due[0] : undefined
  const notification = new Notification({
    title: notice.title,
    body: notice.body,
    actions: single ? reminderActions().map((text) => ({ type: 'button' as const, text })) : [],
  })
  notification.on('click', () => open(notice.path))
  notification.on('action', (_event, index) => {
    if (!single) return
    const { done, snooze } = server.reminderActions
    void (index === 0 ? done(single) : snooze(single, snoozeMinutes)).catch(() => open(notice.path))
  })
  notification.show()
}

/** Each outbound webhook newly failing for an hour, or stopped, as a system notification. */
function showWebhookAlerts(alerts: WebhookAlert[], open: (path: string) => void) {
  if (!Notification.isSupported()) return
  for (const alert of alerts) {
    const { title, body, path } = webhookAlertNotification(alert, app.getLocale())
    const notification = new Notification({ title, body })
    notification.on('click', () => open(path))
    notification.show()
  }
}

void main()
