// What goes wrong with syncing, told apart: the status, the CLI and the API each say it their way.

/** What went wrong with syncing, in words for the user (the status and the CLI show them). */
export class SyncError extends Error {}

/** The server answered with an error: its status, code and message. */
export class ServerRefusal extends SyncError {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

/** Disconnecting would lose changes made here that have not reached the team server. */
export class ChangesWaiting extends SyncError {
  constructor(
    readonly waiting: number,
    /** How to disconnect all the same, where there is a command for it. */
    discardCommand?: string,
  ) {
    super(
      `${waiting} change${waiting === 1 ? '' : 's'} made here ${waiting === 1 ? 'has' : 'have'} ` +
        'not reached the team server: sync first, or disconnect discarding them' +
        (discardCommand ? ` (${discardCommand})` : ''),
    )
  }
}

/** The server could not be reached (no network, server down, connection cut). */
export class Unreachable extends SyncError {}
