import { describe, expect, it } from 'vitest'
import { silentLogger } from '../logger'
import {
  connectTimeoutMs,
  createTunnelManager,
  reconnectDelaysMs,
  TunnelUnavailableError,
  type Timers,
} from './manager'
import { lossSignal, type TunnelProvider } from './providers/provider'

/** Timers that run only when the test says so. */
function manualTimers() {
  let now = Date.parse('2026-11-22T12:00:00Z')
  const pending = new Map<number, { at: number; run: () => void; every?: number }>()
  let next = 1
  const timers: Timers = {
    setTimeout: (run, ms) => (pending.set(next, { at: now + ms, run }), next++),
    clearTimeout: (handle) => void pending.delete(handle as number),
    setInterval: (run, ms) => (pending.set(next, { at: now + ms, run, every: ms }), next++),
    clearInterval: (handle) => void pending.delete(handle as number),
  }
  return {
    timers,
    clock: { now: () => new Date(now) },
    /** Moves time forward, running what falls due (timeouts once, intervals repeatedly). */
    async advance(ms: number) {
      const end = now + ms
      for (;;) {
        const due = [...pending.entries()]
          .filter(([, t]) => t.at <= end)
          .sort((a, b) => a[1].at - b[1].at)[0]
        if (!due) break
        const [id, timer] = due
        now = timer.at
        if (timer.every) timer.at += timer.every
        else pending.delete(id)
        timer.run()
        await new Promise((resolve) => setImmediate(resolve))
      }
      now = end
    },
    /** Jumps the clock without running timers, as a laptop lid closing would. */
    sleep(ms: number) {
      now += ms
      for (const timer of pending.values()) if (timer.every) timer.at = now
    },
    pendingDelays: () => [...pending.values()].filter((t) => !t.every).map((t) => t.at - now),
  }
}

/** A provider whose connection attempts succeed or fail as scripted, and whose tunnels can be dropped. */
function scriptedProvider(outcomes: ('ok' | 'fail')[]) {
  const drops: ((error: Error) => void)[] = []
  let connects = 0
  let closes = 0
  const provider: TunnelProvider = {
    name: 'localtunnel',
    unavailableReason: async () => null,
    async connect(port) {
      const outcome = outcomes[connects++] ?? 'ok'
      if (outcome === 'fail') throw new Error('server unreachable')
      const { lost, report } = lossSignal()
      drops.push(report)
      return {
        url: `https://t${connects}.example.test:${port}`,
        lost,
        close: async () => void closes++,
      }
    },
  }
  return {
    provider,
    drop: () => drops.at(-1)!(new Error('socket hang up')),
    connects: () => connects,
    closes: () => closes,
  }
}

function managerWith(provider: TunnelProvider, clock = manualTimers()) {
  const manager = createTunnelManager({
    providers: { localtunnel: provider, ngrok: provider, cloudflared: provider },
    localPort: async () => 4781,
    clock: clock.clock,
    logger: silentLogger,
    timers: clock.timers,
  })
  return { manager, time: clock }
}

const flush = () => new Promise((resolve) => setImmediate(resolve))

describe('tunnel manager', () => {
  it('connects and reports the public URL', async () => {
    const { provider } = scriptedProvider(['ok'])
    const { manager } = managerWith(provider)
    const state = await manager.start({ provider: 'localtunnel', options: {} })
    expect(state).toMatchObject({
      status: 'connected',
      provider: 'localtunnel',
      publicUrl: 'https://t1.example.test:4781',
      failures: 0,
    })
  })

  it('retries a failed connection with growing delays, then connects', async () => {
    const scripted = scriptedProvider(['fail', 'fail', 'fail', 'ok'])
    const { manager, time } = managerWith(scripted.provider)
    expect((await manager.start({ provider: 'localtunnel', options: {} })).status).toBe(
      'reconnecting',
    )
    expect(time.pendingDelays()).toEqual([reconnectDelaysMs[0]])
    await time.advance(reconnectDelaysMs[0])
    expect(time.pendingDelays()).toEqual([reconnectDelaysMs[1]])
    await time.advance(reconnectDelaysMs[1])
    expect(manager.state()).toMatchObject({
      status: 'reconnecting',
      failures: 3,
      lastError: 'server unreachable',
    })
    await time.advance(reconnectDelaysMs[2])
    expect(manager.state()).toMatchObject({ status: 'connected', failures: 0 })
    expect(scripted.connects()).toBe(4)
  })

  it('an attempt with no answer fails after connectTimeoutMs with the provider’s reason, then retries', async () => {
    let connects = 0
    const silent: TunnelProvider = {
      name: 'localtunnel',
      unavailableReason: async () => null,
      connect: (_port, _options, signal) => {
        connects++
        return new Promise((_, reject) =>
          signal.addEventListener('abort', () =>
            reject(new Error(`server silent: ${(signal.reason as Error).message}`)),
          ),
        )
      },
    }
    const { manager, time } = managerWith(silent)
    const started = manager.start({ provider: 'localtunnel', options: {} })
    await flush()
    expect(manager.state().status).toBe('connecting')
    await time.advance(connectTimeoutMs)
    expect(await started).toMatchObject({
      status: 'reconnecting',
      failures: 1,
      lastError: 'server silent: no answer within 10 seconds (is this computer offline?)',
    })
    expect(time.pendingDelays()).toEqual([reconnectDelaysMs[0]])
    await time.advance(reconnectDelaysMs[0])
    expect(connects).toBe(2)
  })

  it('a provider that ignores the deadline still fails the attempt, and a late tunnel is closed', async () => {
    let closes = 0
    let open: (connection: {
      url: string
      lost: Promise<Error>
      close(): Promise<void>
    }) => void = () => {}
    const deaf: TunnelProvider = {
      name: 'ngrok',
      unavailableReason: async () => null,
      connect: () => new Promise((resolve) => (open = resolve)),
    }
    const { manager, time } = managerWith(deaf)
    const started = manager.start({ provider: 'ngrok', options: {} })
    await flush()
    await time.advance(connectTimeoutMs + 1_000)
    expect(await started).toMatchObject({
      status: 'reconnecting',
      lastError: 'Could not open the ngrok tunnel: no answer within 10 seconds',
    })
    open({
      url: 'https://late.example.test',
      lost: new Promise(() => {}),
      close: async () => void closes++,
    })
    await flush()
    expect(closes).toBe(1)
    expect(manager.state().publicUrl).toBeNull()
  })

  it('reconnects when the tunnel drops by itself', async () => {
    const scripted = scriptedProvider(['ok', 'ok'])
    const { manager, time } = managerWith(scripted.provider)
    await manager.start({ provider: 'localtunnel', options: {} })
    scripted.drop()
    await flush()
    expect(manager.state()).toMatchObject({
      status: 'reconnecting',
      publicUrl: null,
      lastError: 'socket hang up',
    })
    await time.advance(reconnectDelaysMs[0])
    expect(manager.state()).toMatchObject({
      status: 'connected',
      publicUrl: 'https://t2.example.test:4781',
    })
  })

  it('reconnects at once after the computer slept', async () => {
    const scripted = scriptedProvider(['ok', 'ok'])
    const { manager, time } = managerWith(scripted.provider)
    await manager.start({ provider: 'localtunnel', options: {} })
    time.sleep(3 * 60 * 60 * 1000)
    await time.advance(1)
    await flush()
    expect(scripted.closes()).toBe(1)
    expect(scripted.connects()).toBe(2)
    expect(manager.state().status).toBe('connected')
  })

  it('stop closes the tunnel and cancels pending retries', async () => {
    const scripted = scriptedProvider(['fail', 'ok'])
    const { manager, time } = managerWith(scripted.provider)
    await manager.start({ provider: 'localtunnel', options: {} })
    await manager.stop()
    await time.advance(10 * 60 * 1000)
    expect(scripted.connects()).toBe(1)
    expect(manager.state()).toMatchObject({ status: 'off', publicUrl: null })
  })

  it('refuses a provider that cannot run here, with its reason', async () => {
    const { provider } = scriptedProvider([])
    const { manager } = managerWith({
      ...provider,
      unavailableReason: async () => 'ngrok needs an authtoken',
    })
    await expect(manager.start({ provider: 'ngrok', options: {} })).rejects.toThrow(
      TunnelUnavailableError,
    )
    expect(manager.state().status).toBe('off')
  })

  it('tells subscribers about every change', async () => {
    const { provider } = scriptedProvider(['ok'])
    const { manager } = managerWith(provider)
    const seen: string[] = []
    manager.subscribe((state) => seen.push(state.status))
    await manager.start({ provider: 'localtunnel', options: {} })
    await manager.stop()
    expect(seen).toEqual(['connecting', 'connected', 'off'])
  })
})
