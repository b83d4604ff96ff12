// What GET /api/session answers: the UI's sign-in state (see docs/ui.md). It is not part of the
// OpenAPI documents (the session routes are the UI's, not the API's), so server and UI share it here.
import type { Permission, Role } from './permissions'

export interface WorkspaceSummary {
  id: string
  name: string
  /** The session's role here: `owner` for the machine's owner, who owns every workspace. */
  role: Role
  /** What the session may do here (src/shared/permissions.ts): the UI hides the rest. */
  permissions: Permission[]
}

export interface SessionState {
  expiresAt: string
  /** The signed-in account; null for the machine's owner (desktop window, plain login link). */
  account: { id: string; email: string; name: string; hasPassword: boolean } | null
  /**
   * The workspaces this session may use: every one of the data folder for the machine's owner,
   * the account's memberships otherwise.
   */
  workspaces: WorkspaceSummary[]
}
