/** What to do with a URL the window wants to open or navigate to. */
export type NavigationDecision = 'in-app' | 'external' | 'blocked'

const externalProtocols = new Set(['https:', 'http:', 'mailto:', 'tel:'])

/**
 * Pages of the app's own origin stay in the window; web and mail links open in the system browser
 * or mail app; anything else (file:, javascript:, custom schemes) is refused.
 */
export function decideNavigation(target: string, appOrigin: string): NavigationDecision {
  let url: URL
  try {
    url = new URL(target)
  } catch {
    return 'blocked'
  }
  if (url.origin === appOrigin) return 'in-app'
  return externalProtocols.has(url.protocol) ? 'external' : 'blocked'
}

/** Permissions a page of the app may get: writing to the clipboard (the copy buttons), nothing else. */
export function permissionAllowed(
  permission: string,
  requestingUrl: string,
  appOrigin: string,
): boolean {
  return (
    permission === 'clipboard-sanitized-write' &&
    decideNavigation(requestingUrl, appOrigin) === 'in-app'
  )
}
