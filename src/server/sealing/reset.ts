import { inTransaction, type Db } from '../db/connection'
import { freshDeliveryState } from '../webhooks-out/service'
import { generateSigningSecret } from '../webhooks-out/signing-secret'
import { isSealed, seal, unseal } from './sealed-text'

export interface ResetReport {
  /** Subscriptions given a new signing secret: their receivers need it (Settings shows it). */
  subscriptions: { id: string; url: string }[]
  /** The ngrok token could not be read and was removed: enter it again in Settings > Tunnel. */
  tunnelTokenCleared: boolean
  /**
   * Inbound webhooks whose verification secret could not be read and was removed: until it is
   * entered again (Settings > Inbound webhooks) their deliveries are refused, never let through.
   */
  inboundSecretsCleared: { id: string; name: string }[]
}

const unreadable = (value: string | null) => value !== null && isSealed(value) && !unseal(value)

/**
 * After the sealing key is lost: gives every subscription whose signing secret no longer opens a
 * new one (a previous secret that no longer opens is dropped), and removes an unreadable ngrok
 * token. Readable secrets are left as they are. One transaction.
 */
export async function resetUnreadableSecrets(db: Db, now: Date): Promise<ResetReport> {
  return inTransaction(db, async (trx) => {
    const report: ResetReport = {
      subscriptions: [],
      tunnelTokenCleared: false,
      inboundSecretsCleared: [],
    }
    const rows = await trx
      .selectFrom('webhookSubscriptions')
      .select(['id', 'url', 'secret', 'previousSecret'])
      .execute()
    for (const row of rows) {
      const lost = unreadable(row.secret)
      if (!lost && !unreadable(row.previousSecret)) continue
      await trx
        .updateTable('webhookSubscriptions')
        .set({
          // With a new secret, the event held back is attempted at once.
          ...(lost
            ? { secret: await seal(trx, generateSigningSecret()), ...freshDeliveryState }
            : {}),
          previousSecret: null,
          previousSecretExpiresAt: null,
          updatedAt: now.toISOString(),
        })
        .where('id', '=', row.id)
        .execute()
      if (lost) report.subscriptions.push({ id: row.id, url: row.url })
    }
    const tunnel = await trx
      .selectFrom('tunnelSettings')
      .select('ngrokAuthtoken')
      .executeTakeFirst()
    if (unreadable(tunnel?.ngrokAuthtoken ?? null)) {
      await trx.updateTable('tunnelSettings').set({ ngrokAuthtoken: null }).execute()
      report.tunnelTokenCleared = true
    }
    const inbound = await trx
      .selectFrom('inboundWebhooks')
      .select(['id', 'name', 'verificationSecret'])
      .where('verificationSecret', 'is not', null)
      .execute()
    for (const webhook of inbound.filter((row) => unreadable(row.verificationSecret))) {
      await trx
        .updateTable('inboundWebhooks')
        .set({ verificationSecret: null, updatedAt: now.toISOString() })
        .where('id', '=', webhook.id)
        .execute()
      report.inboundSecretsCleared.push({ id: webhook.id, name: webhook.name })
    }
    return report
  })
}
