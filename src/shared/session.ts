// What GET /api/session answers: the UI's sign-in state (see docs/ui.md). It is not part of the
// OpenAPI documents (the session routes are the UI's, not the API's), so server and UI share it here.

export interface WorkspaceSummary {
  id: string
  name: string
}

export interface SessionState {
  expiresAt: string
  /** Every workspace of the data folder: a session belongs to the machine's owner. */
  workspaces: WorkspaceSummary[]
}
