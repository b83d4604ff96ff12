// The renderer's API types are generated from the OpenAPI documents the server's zod schemas
// produce (scripts/api-types.ts). A schema changed without `npm run api-types` fails here.

import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { apiTypeFiles, generateApiTypes } from '../scripts/api-types'

describe('generated API types', () => {
  it('are what the current server schemas generate (run `npm run api-types` when this fails)', async () => {
    const generated = await generateApiTypes()
    for (const { file } of apiTypeFiles) {
      expect(await readFile(file, 'utf8'), file).toBe(generated.get(file))
    }
  })
})
