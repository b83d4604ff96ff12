import type { OutpostBridge } from '../../preload/api'

declare global {
  interface Window {
    /** Present only in the desktop app (src/preload). */
    outpost?: OutpostBridge
  }
}
