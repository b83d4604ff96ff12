/** The server's log sink. Messages never include secrets: tokens are redacted before they get here. */
export interface Logger {
  info(message: string): void
  error(message: string, error?: unknown): void
}

export const consoleLogger: Logger = {
  info: (message) => console.error(message),
  error: (message, error) => console.error(message, error ?? ''),
}

export const silentLogger: Logger = { info: () => {}, error: () => {} }
