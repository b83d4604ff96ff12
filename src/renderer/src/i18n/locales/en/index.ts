// The English catalogue, the source: its keys are the ones code may use (i18next.d.ts).
import common from './common.json'
import layout from './layout.json'
import ui from './ui.json'
import forms from './forms.json'
import live from './live.json'
import palette from './palette.json'
import work from './work.json'
import people from './people.json'
import companies from './companies.json'
import timeline from './timeline.json'
import session from './session.json'
import board from './board.json'
import deals from './deals.json'
import dealsList from './dealsList.json'
import forecast from './forecast.json'
import settings from './settings.json'
import inbound from './inbound.json'
import outbound from './outbound.json'
import importExport from './importExport.json'
import pipelines from './pipelines.json'

export const catalogue = {
  common,
  layout,
  ui,
  forms,
  live,
  palette,
  work,
  people,
  companies,
  timeline,
  session,
  board,
  deals,
  dealsList,
  forecast,
  settings,
  inbound,
  outbound,
  importExport,
  pipelines,
}
