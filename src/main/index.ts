import { join } from 'node:path'
import { app, BrowserWindow } from 'electron'
import { startServer } from '../server/server'

// A thin shell: the server is the same one `outpost serve` runs; the window shows its UI.
async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  await app.whenReady()
  const server = await startServer({
    dataDir: app.getPath('userData'),
    uiDir: join(import.meta.dirname, '..', 'renderer'),
  })
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    webPreferences: {
      preload: join(import.meta.dirname, '..', 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  })
  await window.loadURL(server.url)
  app.on('window-all-closed', () => {
    void server.close().then(() => app.quit())
  })
}

void main()
