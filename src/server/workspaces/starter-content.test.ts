// A workspace created on a Brazilian machine starts in Portuguese: its pipeline, stages and lost
// reasons are what the team would have named them.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase } from '../db/connection'
import { listLostReasons } from '../lost-reasons/service'
import { listPipelines } from '../pipelines/service'
import { ensureDefaultWorkspace } from '../workspace-store'
import { createWorkspace } from './service'
import { serverLanguage } from './starter-content'

const dir = mkdtempSync(join(tmpdir(), 'outpost-starter-'))
const db = openDatabase(join(dir, 'test.sqlite'))
afterAll(async () => {
  await db.destroy()
  rmSync(dir, { recursive: true, force: true })
})

describe('a new workspace', () => {
  it('takes the server’s language from OUTPOST_LANGUAGE, else the system locale', () => {
    expect(serverLanguage({ OUTPOST_LANGUAGE: 'pt-BR' })).toBe('pt-BR')
    expect(serverLanguage({ OUTPOST_LANGUAGE: 'en' })).toBe('en')
    // Node reads LANG when it starts; this process's locale is whatever the machine's is.
    expect(['en', 'pt-BR']).toContain(serverLanguage({}))
  })

  it('starts in Portuguese on a Brazilian machine, and in English otherwise', async () => {
    await migrateToLatest(db)
    const now = new Date()
    const first = await ensureDefaultWorkspace(db, now)
    expect(first.name).toBe('My workspace')
    const loja = await createWorkspace(db, 'Loja', now, 'pt-BR')
    const page = { page: 1, pageSize: 100 }
    const [vendas] = (await listPipelines(db, loja.id, page)).data
    expect(vendas!.name).toBe('Vendas')
    expect(vendas!.stages.map((stage) => [stage.name, stage.type, stage.probability])).toEqual([
      ['Lead', 'open', 10],
      ['Qualificado', 'open', 25],
      ['Proposta', 'open', 50],
      ['Negociação', 'open', 75],
      ['Ganho', 'won', 100],
      ['Perdido', 'lost', 0],
    ])
    const reasons = (await listLostReasons(db, loja.id, page)).data.map((reason) => reason.name)
    expect(reasons).toContain('Escolheu um concorrente')
    const [sales] = (await listPipelines(db, first.id, page)).data
    expect(sales!.name).toBe('Sales')
  })
})
