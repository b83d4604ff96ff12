import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * Where Outpost keeps its data unless told otherwise: the folder Electron's
 * `app.getPath('userData')` gives the desktop app (the OS application-data folder and the app's
 * product name), so the CLI and the app share one workspace. OUTPOST_DATA_DIR overrides it.
 */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (env.OUTPOST_DATA_DIR) return env.OUTPOST_DATA_DIR
  const appData =
    platform === 'win32'
      ? (env.APPDATA ?? join(home, 'AppData', 'Roaming'))
      : platform === 'darwin'
        ? join(home, 'Library', 'Application Support')
        : (env.XDG_CONFIG_HOME ?? join(home, '.config'))
  return join(appData, 'Outpost')
}

export const databaseFileName = 'outpost.sqlite'
