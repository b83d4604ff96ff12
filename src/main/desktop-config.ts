import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { defaultPort } from '../server/server'

export const desktopConfigFile = 'desktop.json'

export interface DesktopConfig {
  /** The API's port: stable, so local scripts know where to call. */
  port: number
}

/**
 * The desktop app's own settings: OUTPOST_PORT, else `port` in desktop.json in the data folder,
 * else 4780. A missing or unreadable file means defaults; a bad value is reported, not guessed.
 */
export function readDesktopConfig(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): DesktopConfig {
  const fromEnv = env.OUTPOST_PORT
  if (fromEnv !== undefined && fromEnv !== '') return { port: validPort(fromEnv, 'OUTPOST_PORT') }
  let text: string
  try {
    text = readFileSync(join(dataDir, desktopConfigFile), 'utf8')
  } catch {
    return { port: defaultPort }
  }
  const parsed = JSON.parse(text) as { port?: unknown }
  return {
    port: parsed.port === undefined ? defaultPort : validPort(parsed.port, desktopConfigFile),
  }
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
