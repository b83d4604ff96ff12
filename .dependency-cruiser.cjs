// Import rules, checked by `npm run lint` (dependency-cruiser). Each rule says what it keeps true;
// docs/architecture.md ("Dependency rules") says why the house is built this way.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles: each module can be read, tested and changed on its own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-never-imports-renderer',
      comment: 'The server runs under plain Node; the UI is only ever its client over HTTP.',
      severity: 'error',
      from: { path: '^src/(server|main|preload)/' },
      to: { path: '^src/renderer/' },
    },
    {
      name: 'renderer-never-imports-server',
      comment: 'The UI talks to the server through the HTTP API that scripts use, nothing else.',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: { path: '^src/(server|main)/' },
    },
    {
      name: 'renderer-sees-only-the-bridge-types',
      comment:
        'The sandboxed UI knows the preload bridge by its types; the bridge code runs apart.',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: { path: '^src/preload/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-stays-pure',
      comment: 'src/shared is used by both sides, so it imports neither.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|renderer|main|preload)/' },
    },
    {
      name: 'repository-is-the-bottom',
      comment:
        'A repository runs queries; it never calls a service or a route (route -> service -> repository).',
      severity: 'error',
      from: { path: '/repository\\.ts$' },
      to: { path: '/(service|routes|[a-z-]+-routes|[a-z-]+-service)\\.ts$' },
    },
    {
      name: 'service-never-imports-routes',
      comment: 'Services hold the rules and know nothing of HTTP routes.',
      severity: 'error',
      from: { path: '/(service|[a-z-]+-service)\\.ts$' },
      to: { path: '/(routes|[a-z-]+-routes)\\.ts$' },
    },
    {
      name: 'no-other-areas-repository',
      comment:
        'An area asks another area through its service or lookup module, never its repository: the rules around a table live with it.',
      severity: 'error',
      from: { path: '^src/server/([^/]+)/' },
      to: { path: '^src/server/([^/]+)/repository\\.ts$', pathNot: '^src/server/$1/' },
    },
    {
      name: 'main-uses-the-composition-root',
      comment:
        'The Electron shell starts the same server as `outpost serve` (src/server/server.ts) and uses only what it returns.',
      severity: 'error',
      from: { path: '^src/main/' },
      to: {
        path: '^src/server/',
        pathNot: '^src/server/server\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
}
