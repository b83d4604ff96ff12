import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { ApiResponse, TestServer } from './server'

const fixtures = resolve('test/fixtures/inbound')

/** A fixture of test/fixtures/inbound, as text. */
export function fixtureText(name: string): string {
  return readFileSync(join(fixtures, name), 'utf8')
}

/** A JSON fixture of test/fixtures/inbound, parsed. */
export function fixtureJson<T = any>(name: string): T {
  return JSON.parse(fixtureText(name)) as T
}

/** Creates an inbound webhook through the management API; fails the test when it cannot. */
export async function createInboundWebhook(
  server: TestServer,
  settings: Record<string, unknown>,
): Promise<{ id: string; token: string; path: string; url: string; [key: string]: any }> {
  const { status, body } = await server.admin.post('/api/app/v1/inbound-webhooks', {
    name: 'Test webhook',
    ...settings,
  })
  if (status !== 201) throw new Error(`webhook not created: ${status} ${JSON.stringify(body)}`)
  return body
}

/**
 * POSTs a body to a webhook path the way a sender would: no Authorization header. Objects are
 * sent as JSON; strings as they are, with the content type given; FormData as multipart.
 */
export async function deliver(
  server: Pick<TestServer, 'url'>,
  path: string,
  body: unknown,
  contentType?: string,
): Promise<ApiResponse> {
  const init: RequestInit = { method: 'POST', headers: {} }
  if (body instanceof FormData) {
    init.body = body
  } else if (typeof body === 'string' || body instanceof Uint8Array) {
    init.body = body
    if (contentType) init.headers = { 'Content-Type': contentType }
  } else {
    init.body = JSON.stringify(body)
    init.headers = { 'Content-Type': contentType ?? 'application/json' }
  }
  const response = await fetch(server.url + path, init)
  const text = await response.text()
  let parsed: unknown
  try {
    parsed = text ? JSON.parse(text) : undefined
  } catch {
    // not JSON: the caller reads `text`
  }
  return { status: response.status, headers: response.headers, body: parsed, text }
}

/** Multipart form data from [key, value] pairs (a fixture such as elementor-form.json). */
export function formData(pairs: [string, string][]): FormData {
  const form = new FormData()
  for (const [key, value] of pairs) form.append(key, value)
  return form
}

/** Imports people named in a one-column CSV through the management API, as the UI uploads one. */
export async function importNames(url: string, token: string, names: string[]): Promise<Response> {
  const form = new FormData()
  const csv = ['Name', ...names].join('\n')
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv')
  form.append('mapping', JSON.stringify({ fullName: '{{Name}}' }))
  return fetch(`${url}/api/app/v1/imports/people`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  })
}
