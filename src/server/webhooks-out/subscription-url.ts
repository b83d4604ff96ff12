import { isLoopbackHost } from '../loopback'

export const maxUrlLength = 2048

/**
 * Why a subscription URL is refused, or null when it is fine. https anywhere; plain http only to
 * this computer, because the payloads are customer data and a signature protects their integrity,
 * not their secrecy. Credentials in the URL are refused: fetch cannot send them, and they would
 * show in every list of subscriptions.
 */
export function subscriptionUrlProblem(text: string): string | null {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return 'must be an absolute URL such as https://example.com/hooks/outpost'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http(s) URL'
  if (url.username || url.password) return 'must not contain a user name or password'
  if (url.hash) return 'must not contain a #fragment'
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return 'must use https, unless it points at this computer (localhost, 127.0.0.1, [::1])'
  }
  return null
}
