import type { Db } from '../db/connection'
import { ApiError, notFound } from '../http/errors'
import { isKnownCurrency } from '../../shared/fields/currency'
import * as currencies from './repository'
import { refuseReplicaSettings } from '../sync/workspace-settings'

/** Every workspace starts with the Brazilian real enabled, the spec's default deal currency. */
export { defaultCurrency } from '../../shared/fields/currency'

export interface Currency {
  code: string
  createdAt: string
}

export async function listEnabledCurrencies(db: Db, tenantId: string): Promise<Currency[]> {
  return currencies.listCurrencies(db, tenantId)
}

export async function enableCurrency(
  db: Db,
  tenantId: string,
  code: string,
  now: Date,
): Promise<Currency> {
  if (!isKnownCurrency(code)) {
    throw new ApiError('invalid_request', `${code} is not an ISO 4217 currency code`, {
      field: 'code',
    })
  }
  await refuseReplicaSettings(db, tenantId)
  await currencies.insertCurrency(db, tenantId, code, now.toISOString())
  const row = await currencies.findCurrency(db, tenantId, code)
  return { code, createdAt: row?.createdAt ?? now.toISOString() }
}

/** Disabling stops new uses; deals already in that currency keep it. */
export async function disableCurrency(db: Db, tenantId: string, code: string): Promise<void> {
  await refuseReplicaSettings(db, tenantId)
  if ((await currencies.deleteCurrency(db, tenantId, code)) === 0)
    throw notFound('Enabled currency')
}

/** 422 unless the workspace has enabled `code`. */
export async function requireEnabledCurrency(
  db: Db,
  tenantId: string,
  code: string,
): Promise<void> {
  if (!(await currencies.findCurrency(db, tenantId, code))) {
    throw new ApiError(
      'currency_not_enabled',
      `Currency ${code} is not enabled in this workspace`,
      { field: 'currency' },
    )
  }
}
