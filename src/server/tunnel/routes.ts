import type { RouteDeps } from '../app-env'
import { ApiError } from '../http/errors'
import { singletonRoutes } from '../http/singleton-routes'
import { tunnelSchema, updateTunnelBody } from './schema'
import { configureTunnel, describeTunnel } from './service'

/**
 * /api/app/v1/tunnel: the optional tunnel that exposes the inbound webhooks (and only them) to the
 * internet. It belongs to the machine, so every workspace's admins see the same one.
 */
export function tunnelRoutes({ clock, tunnel }: RouteDeps) {
  const manager = () => {
    if (!tunnel) throw new ApiError('not_found', 'This server runs without a tunnel')
    return tunnel
  }
  return singletonRoutes({
    tag: 'Tunnel',
    item: tunnelSchema,
    method: 'put',
    body: updateTunnelBody,
    read: {
      summary: 'Tunnel settings and state',
      about:
        'The tunnel settings (provider, enabled) and its state: the public URL while it is up, ' +
        'or the last error. Only /webhooks/in/* is exposed through it.',
      description: 'The tunnel',
    },
    change: {
      summary: 'Change the tunnel settings; enabled true brings it up, false takes it down',
      about:
        'Replaces the settings whole. Saved even when the network is down: then the answer is ' +
        '200 with `status: "reconnecting"` and `lastError`, and the tunnel keeps trying.',
      description: 'The tunnel after the change',
    },
    changeErrors: [422],
    load: (db) => describeTunnel(db, manager()),
    save: (db, _tenantId, input) => configureTunnel(db, manager(), input, clock.now()),
  })
}
