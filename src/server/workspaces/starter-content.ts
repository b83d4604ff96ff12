// What a new workspace starts with, so that a deal can be created at once, in the language of the
// machine it is created on: a Brazilian laptop gets "Vendas", not "Sales". The words are data from
// then on, renamed in Settings like any other.

import { systemLanguage, type Language } from '../../shared/languages'

interface StarterContent {
  workspaceName: string
  pipelineName: string
  /** Probabilities that make a first weighted forecast; each team adjusts them in Settings. */
  stages: { name: string; type: 'open' | 'won' | 'lost'; probability: number }[]
  lostReasons: string[]
}

const probabilities = [10, 25, 50, 75, 100, 0]
const types = ['open', 'open', 'open', 'open', 'won', 'lost'] as const

const starter = (
  workspaceName: string,
  pipelineName: string,
  stageNames: string[],
  lostReasons: string[],
): StarterContent => ({
  workspaceName,
  pipelineName,
  stages: stageNames.map((name, index) => ({
    name,
    type: types[index]!,
    probability: probabilities[index]!,
  })),
  lostReasons,
})

export const starterContent: Record<Language, StarterContent> = {
  en: starter(
    'My workspace',
    'Sales',
    ['Lead', 'Qualified', 'Proposal', 'Negotiation', 'Won', 'Lost'],
    ['Price', 'Chose a competitor', 'No budget', 'No response'],
  ),
  'pt-BR': starter(
    'Meu espaço de trabalho',
    'Vendas',
    ['Lead', 'Qualificado', 'Proposta', 'Negociação', 'Ganho', 'Perdido'],
    ['Preço', 'Escolheu um concorrente', 'Sem orçamento', 'Sem resposta'],
  ),
}

/**
 * The language new workspaces are created in: OUTPOST_LANGUAGE (en, pt-BR) when set, else the
 * system's locale as Node reads it (LANG, LC_ALL), English for any other.
 */
export function serverLanguage(env: NodeJS.ProcessEnv = process.env): Language {
  return systemLanguage(
    [env.OUTPOST_LANGUAGE, Intl.DateTimeFormat().resolvedOptions().locale].filter(
      (tag): tag is string => Boolean(tag),
    ),
  )
}
