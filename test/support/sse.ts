export interface SseMessage {
  id?: string
  event?: string
  data: string
}

export interface SseStream {
  status: number
  headers: Headers
  /** The next message; rejects when none comes within `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseMessage>
  /** Resolves when the server ends the stream. */
  ended: Promise<void>
  close(): void
}

function parseFrame(frame: string): SseMessage | null {
  const message: SseMessage = { data: '' }
  const data: string[] = []
  for (const line of frame.split('\n')) {
    if (line.startsWith(':') || line === '') continue
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'data') data.push(value)
    else if (field === 'id') message.id = value
    else if (field === 'event') message.event = value
  }
  if (data.length === 0) return null
  message.data = data.join('\n')
  return message
}

/** A minimal EventSource over fetch, so a test can send headers and read messages one by one. */
export async function openSse(url: string, headers: Record<string, string>): Promise<SseStream> {
  const controller = new AbortController()
  const response = await fetch(url, { headers, signal: controller.signal })
  const queue: SseMessage[] = []
  const waiting: ((message: SseMessage) => void)[] = []
  let buffer = ''
  const decoder = new TextDecoder()
  const ended = (async () => {
    if (!response.body) return
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true })
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = parseFrame(buffer.slice(0, end))
          buffer = buffer.slice(end + 2)
          if (!message) continue
          const waiter = waiting.shift()
          if (waiter) waiter(message)
          else queue.push(message)
        }
      }
    } catch {
      // aborted by close()
    }
  })()
  return {
    status: response.status,
    headers: response.headers,
    ended,
    next: (timeoutMs = 5_000) => {
      const queued = queue.shift()
      if (queued) return Promise.resolve(queued)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(deliver), 1)
          reject(new Error(`no SSE message within ${timeoutMs} ms`))
        }, timeoutMs)
        const deliver = (message: SseMessage) => {
          clearTimeout(timer)
          resolve(message)
        }
        waiting.push(deliver)
      })
    },
    close: () => controller.abort(),
  }
}
