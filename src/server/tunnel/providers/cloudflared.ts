import { spawn, spawnSync } from 'node:child_process'
import { lossSignal, type TunnelProvider } from './provider'

const quickTunnelUrl = /https:\/\/[a-z0-9-]+\.trycloudflare\.com/

function onPath(): boolean {
  return spawnSync('cloudflared', ['--version'], { stdio: 'ignore' }).status === 0
}

/** cloudflared: a Cloudflare quick tunnel, when the `cloudflared` binary is on PATH. */
export const cloudflaredProvider: TunnelProvider = {
  name: 'cloudflared',
  unavailableReason: async () =>
    onPath() ? null : 'cloudflared is not installed (not found on PATH)',
  connect: (localPort, _options, signal) =>
    new Promise((resolve, reject) => {
      const child = spawn(
        'cloudflared',
        ['tunnel', '--no-autoupdate', '--url', `http://127.0.0.1:${localPort}`],
        {
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      )
      const { lost, report } = lossSignal()
      let closing = false
      let output = ''
      // Out of time (the manager's bound): stop the process that is still looking for a URL.
      const abort = () => {
        child.kill()
        reject(signal.reason)
      }
      signal.addEventListener('abort', abort, { once: true })
      const settled = () => signal.removeEventListener('abort', abort)
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const url = output.match(quickTunnelUrl)?.[0]
        if (!url) return
        settled()
        output = ''
        child.stderr.removeAllListeners('data')
        child.stderr.resume()
        resolve({
          url,
          lost,
          close: async () => {
            closing = true
            child.kill()
          },
        })
      })
      child.once('error', (error) => {
        settled()
        reject(error)
      })
      child.once('exit', (code) => {
        settled()
        reject(new Error(`cloudflared exited (${code})`))
        if (!closing) report(new Error(`cloudflared exited (${code})`))
      })
    }),
}
