// Every catalogue, bundled: two languages are small, and a switch needs no request.

import en_common from './locales/en/common.json'
import en_layout from './locales/en/layout.json'
import en_ui from './locales/en/ui.json'
import en_forms from './locales/en/forms.json'
import en_live from './locales/en/live.json'
import en_palette from './locales/en/palette.json'
import en_work from './locales/en/work.json'
import en_people from './locales/en/people.json'
import en_companies from './locales/en/companies.json'
import en_timeline from './locales/en/timeline.json'
import en_session from './locales/en/session.json'
import en_board from './locales/en/board.json'
import en_deals from './locales/en/deals.json'
import en_dealsList from './locales/en/dealsList.json'
import en_forecast from './locales/en/forecast.json'
import en_settings from './locales/en/settings.json'
import en_inbound from './locales/en/inbound.json'
import en_outbound from './locales/en/outbound.json'
import en_importExport from './locales/en/importExport.json'
import en_pipelines from './locales/en/pipelines.json'
import ptBR_common from './locales/pt-BR/common.json'
import ptBR_layout from './locales/pt-BR/layout.json'
import ptBR_ui from './locales/pt-BR/ui.json'
import ptBR_forms from './locales/pt-BR/forms.json'
import ptBR_live from './locales/pt-BR/live.json'
import ptBR_palette from './locales/pt-BR/palette.json'
import ptBR_work from './locales/pt-BR/work.json'
import ptBR_people from './locales/pt-BR/people.json'
import ptBR_companies from './locales/pt-BR/companies.json'
import ptBR_timeline from './locales/pt-BR/timeline.json'
import ptBR_session from './locales/pt-BR/session.json'
import ptBR_board from './locales/pt-BR/board.json'
import ptBR_deals from './locales/pt-BR/deals.json'
import ptBR_dealsList from './locales/pt-BR/dealsList.json'
import ptBR_forecast from './locales/pt-BR/forecast.json'
import ptBR_settings from './locales/pt-BR/settings.json'
import ptBR_inbound from './locales/pt-BR/inbound.json'
import ptBR_outbound from './locales/pt-BR/outbound.json'
import ptBR_importExport from './locales/pt-BR/importExport.json'
import ptBR_pipelines from './locales/pt-BR/pipelines.json'

const en = {
  common: en_common,
  layout: en_layout,
  ui: en_ui,
  forms: en_forms,
  live: en_live,
  palette: en_palette,
  work: en_work,
  people: en_people,
  companies: en_companies,
  timeline: en_timeline,
  session: en_session,
  board: en_board,
  deals: en_deals,
  dealsList: en_dealsList,
  forecast: en_forecast,
  settings: en_settings,
  inbound: en_inbound,
  outbound: en_outbound,
  importExport: en_importExport,
  pipelines: en_pipelines,
}

const ptBR = {
  common: ptBR_common,
  layout: ptBR_layout,
  ui: ptBR_ui,
  forms: ptBR_forms,
  live: ptBR_live,
  palette: ptBR_palette,
  work: ptBR_work,
  people: ptBR_people,
  companies: ptBR_companies,
  timeline: ptBR_timeline,
  session: ptBR_session,
  board: ptBR_board,
  deals: ptBR_deals,
  dealsList: ptBR_dealsList,
  forecast: ptBR_forecast,
  settings: ptBR_settings,
  inbound: ptBR_inbound,
  outbound: ptBR_outbound,
  importExport: ptBR_importExport,
  pipelines: ptBR_pipelines,
}

/** The English catalogue is the source: its keys are the ones code may use. */
export const resources = { en, 'pt-BR': ptBR satisfies Catalogue }

export type Catalogue = { [Namespace in keyof typeof en]: Record<string, unknown> }
export type Namespace = keyof typeof en
