// Whether a deal card is being dragged right now. Live updates hold back board refetches while it
// is: re-rendering the columns under a drag (a webhook's deal arriving, say) would drop it.
let dragging = false
const endListeners = new Set<() => void>()

export const boardDrag = {
  isActive: (): boolean => dragging,
  start(): void {
    dragging = true
  },
  end(): void {
    dragging = false
    for (const listener of endListeners) listener()
  },
  /** Calls `listener` whenever a drag ends; returns the unsubscribe. */
  onEnd(listener: () => void): () => void {
    endListeners.add(listener)
    return () => endListeners.delete(listener)
  },
}
