/** What the preload exposes to the renderer as `window.outpost`. */
export interface OutpostBridge {
  /** The desktop app's version. */
  version: string
}
