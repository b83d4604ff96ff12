// The demo's words in each language the server speaks: a Brazilian laptop's demo reads as a
// Brazilian team's CRM, with the same records (the same faker seed) in either language.
import type { Language } from '../../shared/languages'

export interface DemoWords {
  dealKinds: string[]
  partnerships: {
    name: string
    stages: [intro: string, pilot: string, signed: string, dropped: string]
  }
  /** Logged work: type, subject, outcome. */
  logged: [type: string, subject: string, outcome: string | null][]
  /** Scheduled work's subjects, in the order of the week's plan (week-of-work.ts). */
  scheduled: string[]
  notes: string[]
}

export const demoWords: Record<Language, DemoWords> = {
  en: {
    dealKinds: [
      'Annual subscription',
      'Pilot project',
      'Implementation',
      'Support contract',
      'Renewal',
      'Seat expansion',
      'Training workshop',
      'Consulting package',
    ],
    partnerships: { name: 'Partnerships', stages: ['Intro', 'Pilot', 'Signed', 'Dropped'] },
    logged: [
      ['call', 'Intro call', 'Interested; wants pricing for 20 seats'],
      ['meeting', 'Discovery meeting', 'Pain points: spreadsheets, no follow-up'],
      ['email', 'Sent the proposal', null],
      ['call', 'Follow-up call', 'Left a voicemail'],
    ],
    scheduled: [
      'Send the revised proposal',
      'Call back about the discount',
      'Contract signature deadline',
      'Check in after the demo',
      'Demo for the finance team',
      'Send the case study',
      'Negotiation meeting',
      'Prepare the implementation plan',
      'Reference call with a customer',
      'Proposal expires',
      'Kick-off planning',
      'Quarterly review of the account',
      'Update the account plan',
    ],
    notes: [
      '**Decision maker** is the CFO; the IT lead only advises.',
      'Budget approved for Q1. Wants to start with a pilot of **5 seats**.',
      'Prefers WhatsApp to e-mail. Best time to call: after lunch.',
      'Uses a competitor today; contract ends in March.',
      'Asked for a Portuguese-speaking onboarding.',
    ],
  },
  'pt-BR': {
    dealKinds: [
      'Assinatura anual',
      'Projeto piloto',
      'Implantação',
      'Contrato de suporte',
      'Renovação',
      'Ampliação de licenças',
      'Treinamento',
      'Pacote de consultoria',
    ],
    partnerships: { name: 'Parcerias', stages: ['Apresentação', 'Piloto', 'Assinado', 'Desistiu'] },
    logged: [
      ['call', 'Ligação de apresentação', 'Interessado; quer preço para 20 licenças'],
      ['meeting', 'Reunião de diagnóstico', 'Dores: planilhas, nenhum acompanhamento'],
      ['email', 'Proposta enviada', null],
      ['call', 'Ligação de acompanhamento', 'Deixei recado na caixa postal'],
    ],
    scheduled: [
      'Enviar a proposta revisada',
      'Retornar sobre o desconto',
      'Prazo para assinar o contrato',
      'Conversar depois da demonstração',
      'Demonstração para o financeiro',
      'Enviar o estudo de caso',
      'Reunião de negociação',
      'Preparar o plano de implantação',
      'Ligação de referência com um cliente',
      'Proposta vence',
      'Planejar o kick-off',
      'Revisão trimestral da conta',
      'Atualizar o plano da conta',
    ],
    notes: [
      '**Quem decide** é o diretor financeiro; o líder de TI só opina.',
      'Orçamento aprovado para o 1º trimestre. Quer começar com um piloto de **5 licenças**.',
      'Prefere WhatsApp a e-mail. Melhor horário para ligar: depois do almoço.',
      'Usa um concorrente hoje; o contrato termina em março.',
      'Pediu uma implantação com suporte em português.',
    ],
  },
}
