import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// The first answer to each Idempotency-Key (REST writes) or sender's delivery id (inbound
// webhooks), replayed to retries for 24 hours. `scope` keeps workspaces and webhooks apart;
// `running` marks a first request still at work, which a concurrent duplicate waits for.
const statements = [
  sql`create table idempotency_keys (
    scope text not null,
    key text not null,
    request_hash text not null,
    state text not null check (state in ('running', 'done')),
    status integer,
    headers text,
    body text,
    created_at text not null,
    expires_at text not null,
    primary key (scope, key)
  ) strict`,
  sql`create index idempotency_keys_expiry on idempotency_keys (expires_at)`,
  // Where in a delivery's body its sender puts the delivery's id, for senders that send no
  // webhook-id or Idempotency-Key header (a path such as data.id); null for none.
  sql`alter table inbound_webhooks add column delivery_id_path text`,
  // The query string and headers a delivery came with (JSON), which mappings may read as
  // {{query.x}} and {{headers.x}}: kept so a replay maps the delivery as it first was.
  sql`alter table inbound_deliveries add column request_context text`,
  // Web forms and pages post straight to a webhook: where a plain HTML form's browser is sent on
  // (303), and which sites' scripts may post with fetch (CORS), as a JSON list of origins.
  sql`alter table inbound_webhooks add column redirect_url text`,
  sql`alter table inbound_webhooks add column allowed_origins text not null default '[]'`,
  // How a delivery proves its sender: none, a shared secret header, or a provider's signature
  // preset; the secret is sealed like the other credentials (sealing/).
  sql`alter table inbound_webhooks add column verification_kind text not null default 'none'`,
  sql`alter table inbound_webhooks add column verification_header text`,
  sql`alter table inbound_webhooks add column verification_secret text`,
  // Outbound delivery that recovers: an event an endpoint rejects is set aside and retried on its
  // own schedule while the ones after it go on (unless the subscription asks for strict order);
  // given up, it stays here as failed until recovered. Alerts are raised once per failing streak
  // and once per disabling, so the alerted moments are kept.
  sql`alter table webhook_subscriptions add column strict_order integer not null default 0`,
  sql`alter table webhook_subscriptions add column alerted_failing_since text`,
  sql`alter table webhook_subscriptions add column alerted_disabled_at text`,
  sql`create table webhook_deliveries (
    subscription_id text not null references webhook_subscriptions (id) on delete cascade,
    event_seq integer not null,
    event_id text not null,
    tenant_id text not null,
    status text not null check (status in ('retrying', 'failed')),
    attempts integer not null,
    next_attempt_at text,
    failed_at text not null,
    last_status integer,
    last_error text,
    primary key (subscription_id, event_seq)
  ) strict`,
  sql`create index webhook_deliveries_due on webhook_deliveries (subscription_id, status, next_attempt_at)`,
  // Every payload carries the version of its shape; the events stored before are version 1.
  sql`update events set payload = json_set(payload, '$.version', 1)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
