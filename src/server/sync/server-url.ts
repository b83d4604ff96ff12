import { isLoopbackHost } from '../loopback'

// 10/8, 172.16/12, 192.168/16: a team server on the office network, reached by its address.
const privateIpv4 = /^(10\.\d+|172\.(1[6-9]|2\d|3[01])|192\.168)\.\d+\.\d+$/

/**
 * A team server's address as typed: `127.0.0.1:4673` or `crm.example.com` get a scheme, as a
 * browser's address bar would give them: http for this computer and the local network (a
 * `.local` name, a private address), https for the rest. An address with a scheme is kept.
 */
export function withScheme(typed: string): string {
  const text = typed.trim()
  if (text === '' || /^[a-z][a-z\d+.-]*:\/\//i.test(text)) return text
  const host = text.split(/[/?#]/, 1)[0]!.replace(/:\d*$/, '')
  const local = isLoopbackHost(host) || privateIpv4.test(host) || host.endsWith('.local')
  return `${local ? 'http' : 'https'}://${text}`
}
