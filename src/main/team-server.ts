// The desktop app on a team server (docs/team-server.md, "The desktop app"): instead of its own
// embedded server, the window shows the team server's UI, where each person signs in.

/** Why a team server address was refused, in words for the Settings form. */
export class TeamServerAddressError extends Error {}

const loopback = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/

/**
 * The origin of a team server from what the user typed ("crm.example.com" or a full URL):
 * https, or plain http only to this machine (a team server is reached through TLS; see the
 * reverse proxy in docs/team-server.md). No credentials, path or query: the UI is at its root.
 */
export function teamServerOrigin(typed: string): string {
  const text = typed.trim()
  if (text === '') throw new TeamServerAddressError('Enter the team server’s address')
  let url: URL
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`)
  } catch {
    throw new TeamServerAddressError(`“${text}” is not a web address`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TeamServerAddressError('The address must start with https://')
  }
  if (url.protocol === 'http:' && !loopback.test(url.hostname)) {
    throw new TeamServerAddressError(
      'A team server is reached over https (plain http only to this computer)',
    )
  }
  if (url.username || url.password) {
    throw new TeamServerAddressError('Leave the user name and password out of the address')
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw new TeamServerAddressError('Give the server’s address alone, without a path')
  }
  return url.origin
}

/**
 * Whether an Outpost server answers at `origin`: its public OpenAPI document names the API.
 * Answers null when it does, or what went wrong.
 */
export async function probeTeamServer(
  origin: string,
  fetchImpl: typeof fetch = fetch,
): Promise<string | null> {
  try {
    const response = await fetchImpl(`${origin}/api/v1/openapi.json`, {
      signal: AbortSignal.timeout(5000),
    })
    if (!response.ok) return `${origin} answered ${response.status}: is it an Outpost server?`
    const document = (await response.json()) as { info?: { title?: unknown } }
    return typeof document.info?.title === 'string' && /outpost/i.test(document.info.title)
      ? null
      : `${origin} is not an Outpost server`
  } catch (error) {
    return `${origin} cannot be reached (${(error as Error).message})`
  }
}

/** What Settings' Connect leads to: the team server's origin, or why it cannot be used. */
export async function checkTeamServer(
  address: string,
  fetchImpl: typeof fetch = fetch,
): Promise<{ origin: string } | { error: string }> {
  let origin: string
  try {
    origin = teamServerOrigin(address)
  } catch (error) {
    if (error instanceof TeamServerAddressError) return { error: error.message }
    throw error
  }
  const problem = await probeTeamServer(origin, fetchImpl)
  return problem ? { error: problem } : { origin }
}
