import { TrieRouter } from 'hono/router/trie-router'

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

/**
 * The methods `app`'s routes answer at a path: what a 405's Allow header lists, for a request
 * whose path is served but not with its method (a PUT where only PATCH is), which is not an
 * unknown resource (RFC 9110 15.5.6). Middleware (Hono's ALL) and catch-alls (the UI's `*`) do not
 * count. Built from `app.routes` at the first call, when every route is in place.
 */
export function allowedMethods(app: {
  routes: readonly { method: string; path: string }[]
}): (path: string) => string[] {
  let router: TrieRouter<true> | undefined
  const routesOf = () => {
    const routes = new TrieRouter<true>()
    for (const { method, path } of app.routes) {
      if (methods.includes(method) && !path.endsWith('*')) routes.add(method, path, true)
    }
    return routes
  }
  return (path) => {
    router ??= routesOf()
    const allowed = methods.filter((method) => router!.match(method, path)[0].length > 0)
    // HEAD is answered wherever GET is (Hono runs GET's handler and drops the body).
    return allowed.includes('GET') ? ['GET', 'HEAD', ...allowed.slice(1)] : allowed
  }
}
