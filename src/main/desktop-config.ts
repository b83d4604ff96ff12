import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { defaultPort } from '../server/server'
import { teamServerOrigin } from './team-server'

export const desktopConfigFile = 'desktop.json'

export interface DesktopConfig {
  /** The API's port: stable, so local scripts know where to call. */
  port: number
  /** The team server the window shows instead of the embedded one (its origin), if any. */
  teamServer: string | null
}

function readConfigFile(dataDir: string): Record<string, unknown> | null {
  let text: string
  try {
    text = readFileSync(join(dataDir, desktopConfigFile), 'utf8')
  } catch {
    return null
  }
  return JSON.parse(text) as Record<string, unknown>
}

/**
 * The desktop app's own settings: OUTPOST_PORT, else `port` in desktop.json in the data folder,
 * else 4780. A missing or unreadable file means defaults; a bad value is reported, not guessed.
 */
export function readDesktopConfig(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): DesktopConfig {
  const parsed = readConfigFile(dataDir) ?? {}
  const fromEnv = env.OUTPOST_PORT
  const port =
    fromEnv !== undefined && fromEnv !== ''
      ? validPort(fromEnv, 'OUTPOST_PORT')
      : parsed.port === undefined
        ? defaultPort
        : validPort(parsed.port, desktopConfigFile)
  const teamServer =
    typeof parsed.teamServer === 'string' ? teamServerOrigin(parsed.teamServer) : null
  return { port, teamServer }
}

/** Saves the team server the app connects to (null: back to this computer's data). */
export function saveTeamServer(dataDir: string, origin: string | null): void {
  const { teamServer: _previous, ...rest } = readConfigFile(dataDir) ?? {}
  const next = origin === null ? rest : { ...rest, teamServer: origin }
  writeFileSync(join(dataDir, desktopConfigFile), `${JSON.stringify(next, null, 2)}\n`)
}

function validPort(value: unknown, where: string): number {
  const port = typeof value === 'string' ? Number(value) : value
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${where}: port must be a whole number from 1 to 65535`)
  }
  return port
}

/** What to tell the user when the server cannot start, with what they can do about it. */
export function startupFailureMessage(error: Error, dataDir: string): string {
  if (/already in use/.test(error.message)) {
    return `${error.message}.\n\nAnother program is using Outpost's port. Close it, or choose another port: set "port" in ${join(dataDir, desktopConfigFile)} or the OUTPOST_PORT environment variable.`
  }
  return error.message
}
