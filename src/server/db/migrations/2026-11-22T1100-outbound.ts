import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

const statements = [
  // One outbound webhook endpoint of a workspace. The worker's place in the outbox lives here too:
  // every event up to cursor_seq is settled (delivered, given up, or not wanted), and the next
  // wanted event is retried on its own schedule (retry_count, next_attempt_at).
  sql`create table webhook_subscriptions (
    id text primary key,
    tenant_id text not null references workspaces(id) on delete cascade,
    url text not null,
    description text,
    event_types text not null,
    enabled integer not null check (enabled in (0, 1)),
    secret text not null,
    previous_secret text,
    previous_secret_expires_at text,
    disabled_reason text,
    disabled_at text,
    cursor_seq integer not null,
    retry_count integer not null default 0,
    next_attempt_at text,
    failing_since text,
    created_at text not null,
    updated_at text not null
  ) strict`,
  sql`create index webhook_subscriptions_tenant_created
    on webhook_subscriptions (tenant_id, created_at, id)`,
  sql`create index webhook_subscriptions_enabled on webhook_subscriptions (enabled)`,

  // The delivery log: one row per HTTP attempt, scheduled, by hand, or a test event.
  sql`create table webhook_attempts (
    seq integer primary key autoincrement,
    id text not null unique,
    tenant_id text not null references workspaces(id) on delete cascade,
    subscription_id text not null references webhook_subscriptions(id) on delete cascade,
    event_id text not null,
    event_type text not null,
    trigger text not null check (trigger in ('scheduled', 'manual', 'test')),
    attempt_number integer,
    attempted_at text not null,
    duration_ms integer not null,
    succeeded integer not null check (succeeded in (0, 1)),
    response_status integer,
    response_excerpt text,
    error text,
    next_attempt_at text
  ) strict`,
  sql`create index webhook_attempts_subscription on webhook_attempts (subscription_id, seq)`,
  sql`create index webhook_attempts_subscription_event
    on webhook_attempts (subscription_id, event_id, seq)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
