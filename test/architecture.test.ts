import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

describe('docs/architecture.md', () => {
  it('names every area folder of src/server, so the map matches the territory', () => {
    const map = readFileSync('docs/architecture.md', 'utf8')
    const areas = readdirSync('src/server', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    expect(areas.length).toBeGreaterThan(10)
    const missing = areas.filter((area) => !map.includes(`| \`${area}/\``))
    expect(missing, 'areas with no row in the Areas table of docs/architecture.md').toEqual([])
  })
})
