import type { TunnelState } from '../shared/tunnel'

/** What the preload exposes to the renderer as `window.outpost`; absent in a plain browser. */
export interface OutpostBridge {
  /** The desktop app's version. */
  version: string
  /**
   * This launch's UI session secret (startServer's `desktopSessionSecret`). The renderer trades it
   * for a session cookie at `POST /api/session/desktop`; see docs/ui.md.
   */
  sessionSecret?: string
  /** Where local scripts reach the API, e.g. http://127.0.0.1:4780 */
  apiUrl: string
  tunnel: {
    state(): Promise<TunnelState>
    /** Brings the tunnel up with its saved settings, or takes it down. */
    setEnabled(enabled: boolean): Promise<TunnelState>
  }
  /** Shows the folder holding the database in the system's file manager. */
  openDataFolder(): Promise<void>
  /** Tells the main process the interface's language, for the tray and notifications. */
  setLanguage(code: string): void
  /** The window on a team server instead of this computer's own (docs/team-server.md). */
  teamServer: {
    /** The team server shown (its origin), or null on this computer's own server. */
    origin: string | null
    /**
     * Checks that an Outpost server answers at the address, saves it and restarts the app on it.
     * Answers why not when it cannot (the app does not restart then).
     */
    connect(address: string): Promise<{ error: string } | null>
    /** Back to this computer's own server and data: saves and restarts the app. */
    disconnect(): Promise<void>
  }
}
