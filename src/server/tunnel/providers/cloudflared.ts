import { spawn, spawnSync } from 'node:child_process'
import { lossSignal, type TunnelProvider } from './provider'

const quickTunnelUrl = /https:\/\/[a-z0-9-]+\.trycloudflare\.com/
const startTimeoutMs = 30_000

function onPath(): boolean {
  return spawnSync('cloudflared', ['--version'], { stdio: 'ignore' }).status === 0
}

/** cloudflared: a Cloudflare quick tunnel, when the `cloudflared` binary is on PATH. */
export const cloudflaredProvider: TunnelProvider = {
  name: 'cloudflared',
  unavailableReason: async () =>
    onPath() ? null : 'cloudflared is not installed (not found on PATH)',
  connect: (localPort) =>
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
      const timer = setTimeout(() => {
        child.kill()
        reject(new Error('cloudflared did not report a public URL in time'))
      }, startTimeoutMs)
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const url = output.match(quickTunnelUrl)?.[0]
        if (!url) return
        clearTimeout(timer)
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
        clearTimeout(timer)
        reject(error)
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`cloudflared exited (${code})`))
        if (!closing) report(new Error(`cloudflared exited (${code})`))
      })
    }),
}
