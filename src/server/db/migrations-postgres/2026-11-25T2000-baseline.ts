import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// PostgreSQL's first migration: the whole schema SQLite's migrations had built by
// 2026-11-25T1100-idempotency-keys, in PostgreSQL's terms. Same tables, same column names, same
// meaning; where SQLite used one of its own features the engine's own takes its place:
// - timestamps stay ISO 8601 text (UTC, milliseconds), so text order is time order on both;
// - every text column sorts by code point (collate "C"), as SQLite's text does, whatever the
//   database's own collation: lists, cursors and ties come out in the same order;
// - flags stay integers 0 and 1, JSON stays text, as the repositories read them on SQLite;
// - `seq` columns are bigint identities (SQLite's integer primary key autoincrement);
// - a person's e-mail and the tags are citext (SQLite: the app lower-cases e-mails, tags are
//   `collate nocase`), so uniqueness and equality ignore case;
// - people's search is pg_trgm over folded text (lower case, accents removed by unaccent) in
//   place of the FTS5 trigram and prefix indexes;
// - record_counts is kept by plpgsql triggers in place of SQLite's triggers.

const statements = [
  sql`create extension if not exists citext`,
  sql`create extension if not exists pg_trgm`,
  sql`create extension if not exists unaccent`,
  // unaccent() is only stable (its dictionary could change); an index needs an immutable function,
  // so the dictionary is named and the function declared immutable, the documented way.
  sql`create function outpost_fold(value text) returns text
    language sql immutable parallel safe strict
    as $$ select lower(public.unaccent('public.unaccent'::regdictionary, value)) $$`,

  sql`create table workspaces (
    id text collate "C" primary key,
    name text collate "C" not null unique,
    rate_limit_per_minute integer not null default 300 check (rate_limit_per_minute > 0),
    created_at text collate "C" not null,
    updated_at text collate "C" not null,
    event_retention_days integer not null default 30,
    time_zone text collate "C",
    reminder_minutes integer not null default 15 check (reminder_minutes between 0 and 40320),
    digest_time text collate "C" not null default '08:00'
  )`,

  sql`create table users (
    id text collate "C" primary key,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    name text collate "C" not null,
    email text collate "C",
    created_at text collate "C" not null,
    updated_at text collate "C" not null
  )`,
  sql`create index users_tenant_created on users (tenant_id, created_at, id)`,
  sql`create unique index users_tenant_email on users (tenant_id, email) where email is not null`,

  sql`create table companies (
    id text collate "C" primary key,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    name text collate "C" not null,
    domain text collate "C",
    created_at text collate "C" not null,
    updated_at text collate "C" not null
  )`,
  sql`create index companies_tenant_created on companies (tenant_id, created_at, id)`,
  sql`create unique index companies_tenant_domain on companies (tenant_id, domain) where domain is not null`,

  sql`create table pipelines (
    id text collate "C" primary key,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    name text collate "C" not null,
    position integer not null,
    created_at text collate "C" not null,
    updated_at text collate "C" not null
  )`,
  sql`create index pipelines_tenant_position on pipelines (tenant_id, position)`,

  sql`create table stages (
    id text collate "C" primary key,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    pipeline_id text collate "C" not null references pipelines(id) on delete cascade,
    name text collate "C" not null,
    type text collate "C" not null check (type in ('open', 'won', 'lost')),
    position integer not null,
    created_at text collate "C" not null,
    updated_at text collate "C" not null,
    probability integer check (probability between 0 and 100),
    rotting_days integer check (rotting_days between 1 and 3650)
  )`,
  sql`create unique index stages_pipeline_id on stages (pipeline_id, id)`,
  sql`create index stages_pipeline_position on stages (pipeline_id, position)`,

  sql`create table lost_reasons (
    id text collate "C" primary key,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    name text collate "C" not null,
    created_at text collate "C" not null,
    updated_at text collate "C" not null
  )`,
  sql`create index lost_reasons_tenant_created on lost_reasons (tenant_id, created_at, id)`,

  sql`create table workspace_currencies (
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    code text collate "C" not null check (length(code) = 3),
    created_at text collate "C" not null,
    primary key (tenant_id, code)
  )`,

  sql`create table people (
    id text collate "C" primary key,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    full_name text collate "C" not null,
    primary_email citext,
    primary_phone text collate "C",
    company_id text collate "C" references companies(id) on delete set null,
    owner_id text collate "C" references users(id) on delete set null,
    lifecycle_stage text collate "C" check (lifecycle_stage in
      ('lead', 'marketing_qualified', 'sales_qualified', 'opportunity', 'customer', 'evangelist')),
    lead_source text collate "C",
    custom_fields text collate "C" not null default '{}',
    created_at text collate "C" not null,
    updated_at text collate "C" not null
  )`,
  sql`create index people_tenant_created on people (tenant_id, created_at, id)`,
  sql`create unique index people_tenant_email on people (tenant_id, primary_email) where primary_email is not null`,
  sql`create index people_company on people (company_id) where company_id is not null`,
  sql`create index people_owner on people (owner_id) where owner_id is not null`,
  sql`create index people_tenant_phone on people (tenant_id, primary_phone) where primary_phone is not null`,
  sql`create index people_tenant_lifecycle_created
    on people (tenant_id, lifecycle_stage, created_at, id) where lifecycle_stage is not null`,
  sql`create index people_tenant_owner_created
    on people (tenant_id, owner_id, created_at, id) where owner_id is not null`,
  sql`create index people_tenant_name on people (tenant_id, lower(full_name), id)`,
  // "Name or e-mail contains" and "a word starts with" (people/search-repository.ts): name and
  // e-mail folded, joined by a character no search holds, so no match spans the two.
  sql`create index people_search on people using gin
    (outpost_fold(full_name || chr(1) || coalesce(primary_email::text, '')) gin_trgm_ops)`,

  sql`create table person_tags (
    tenant_id text collate "C" not null,
    person_id text collate "C" not null references people(id) on delete cascade,
    tag citext not null,
    position integer not null,
    primary key (person_id, tag)
  )`,
  sql`create index person_tags_tenant_tag on person_tags (tenant_id, tag)`,

  sql`create table deals (
    id text collate "C" primary key,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    title text collate "C" not null,
    value double precision not null,
    currency text collate "C" not null,
    pipeline_id text collate "C" not null references pipelines(id),
    stage_id text collate "C" not null,
    owner_id text collate "C" references users(id) on delete set null,
    expected_close_date text collate "C",
    primary_person_id text collate "C" references people(id) on delete set null,
    primary_company_id text collate "C" references companies(id) on delete set null,
    lost_reason_id text collate "C" references lost_reasons(id),
    closed_at text collate "C",
    custom_fields text collate "C" not null default '{}',
    created_at text collate "C" not null,
    updated_at text collate "C" not null,
    probability integer check (probability between 0 and 100),
    foreign key (pipeline_id, stage_id) references stages(pipeline_id, id)
  )`,
  sql`create index deals_tenant_created on deals (tenant_id, created_at, id)`,
  sql`create index deals_stage on deals (pipeline_id, stage_id)`,
  sql`create index deals_person on deals (primary_person_id) where primary_person_id is not null`,
  sql`create index deals_company on deals (primary_company_id) where primary_company_id is not null`,
  sql`create index deals_owner on deals (owner_id) where owner_id is not null`,
  sql`create index deals_lost_reason on deals (lost_reason_id) where lost_reason_id is not null`,

  sql`create table deal_tags (
    tenant_id text collate "C" not null,
    deal_id text collate "C" not null references deals(id) on delete cascade,
    tag citext not null,
    position integer not null,
    primary key (deal_id, tag)
  )`,
  sql`create index deal_tags_tenant_tag on deal_tags (tenant_id, tag)`,

  sql`create table api_tokens (
    id text collate "C" primary key,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    name text collate "C" not null,
    scope text collate "C" not null check (scope in ('api', 'admin')),
    token_hash text collate "C" not null unique,
    token_prefix text collate "C" not null,
    created_at text collate "C" not null,
    last_used_at text collate "C",
    revoked_at text collate "C",
    rate_limit_per_minute integer check (rate_limit_per_minute between 1 and 1000000)
  )`,
  sql`create index api_tokens_tenant_created on api_tokens (tenant_id, created_at, id)`,

  sql`create table events (
    seq bigint generated by default as identity primary key,
    id text collate "C" not null unique,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    type text collate "C" not null,
    resource_type text collate "C" not null,
    resource_id text collate "C" not null,
    payload text collate "C" not null,
    created_at text collate "C" not null,
    actor text collate "C"
  )`,
  sql`create index events_tenant_seq on events (tenant_id, seq)`,
  sql`create index events_resource on events (resource_id, seq)`,

  sql`create table inbound_webhooks (
    id text collate "C" primary key,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    name text collate "C" not null,
    object_type text collate "C" not null check (object_type in ('person', 'deal')),
    mapping text collate "C" not null,
    dedupe_strategy text collate "C" not null check (dedupe_strategy in ('email', 'phone', 'composite', 'none')),
    dedupe_fields text collate "C" not null default '[]',
    default_country text collate "C" not null,
    actions text collate "C" not null default '{}',
    enabled integer not null default 1 check (enabled in (0, 1)),
    token_hash text collate "C" not null unique,
    token_prefix text collate "C" not null,
    owner_cursor integer not null default 0,
    created_at text collate "C" not null,
    updated_at text collate "C" not null,
    rotated_at text collate "C",
    revoked_at text collate "C",
    rate_limit_per_minute integer not null default 300
      check (rate_limit_per_minute between 1 and 100000),
    log_max_requests integer not null default 500 check (log_max_requests between 10 and 10000),
    log_max_bytes integer not null default 8388608
      check (log_max_bytes between 65536 and 1073741824),
    delivery_id_path text collate "C",
    redirect_url text collate "C",
    allowed_origins text collate "C" not null default '[]',
    verification_kind text collate "C" not null default 'none',
    verification_header text collate "C",
    verification_secret text collate "C"
  )`,
  sql`create index inbound_webhooks_tenant_created on inbound_webhooks (tenant_id, created_at, id)`,

  sql`create table inbound_deliveries (
    seq bigint generated by default as identity primary key,
    id text collate "C" not null unique,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    webhook_id text collate "C" not null references inbound_webhooks(id) on delete cascade,
    received_at text collate "C" not null,
    content_type text collate "C",
    body bytea,
    body_size integer not null,
    outcome text collate "C" not null check (outcome in ('created', 'updated', 'rejected')),
    status integer not null,
    response text collate "C" not null,
    person_id text collate "C",
    deal_id text collate "C",
    replay_of text collate "C",
    kept_bytes integer not null default 0,
    request_context text collate "C"
  )`,
  sql`create index inbound_deliveries_received on inbound_deliveries (received_at)`,
  sql`create index inbound_deliveries_webhook_kept on inbound_deliveries (webhook_id, seq, kept_bytes)`,

  sql`create table webhook_subscriptions (
    id text collate "C" primary key,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    url text collate "C" not null,
    description text collate "C",
    event_types text collate "C" not null,
    enabled integer not null check (enabled in (0, 1)),
    secret text collate "C" not null,
    previous_secret text collate "C",
    previous_secret_expires_at text collate "C",
    disabled_reason text collate "C",
    disabled_at text collate "C",
    cursor_seq bigint not null,
    retry_count integer not null default 0,
    next_attempt_at text collate "C",
    failing_since text collate "C",
    created_at text collate "C" not null,
    updated_at text collate "C" not null,
    strict_order integer not null default 0,
    alerted_failing_since text collate "C",
    alerted_disabled_at text collate "C"
  )`,
  sql`create index webhook_subscriptions_tenant_created
    on webhook_subscriptions (tenant_id, created_at, id)`,
  sql`create index webhook_subscriptions_enabled on webhook_subscriptions (enabled)`,

  sql`create table webhook_attempts (
    seq bigint generated by default as identity primary key,
    id text collate "C" not null unique,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    subscription_id text collate "C" not null references webhook_subscriptions(id) on delete cascade,
    event_id text collate "C" not null,
    event_type text collate "C" not null,
    trigger text collate "C" not null check (trigger in ('scheduled', 'manual', 'test')),
    attempt_number integer,
    attempted_at text collate "C" not null,
    duration_ms integer not null,
    succeeded integer not null check (succeeded in (0, 1)),
    response_status integer,
    response_excerpt text collate "C",
    error text collate "C",
    next_attempt_at text collate "C"
  )`,
  sql`create index webhook_attempts_subscription on webhook_attempts (subscription_id, seq)`,
  sql`create index webhook_attempts_subscription_event
    on webhook_attempts (subscription_id, event_id, seq)`,

  sql`create table webhook_deliveries (
    subscription_id text collate "C" not null references webhook_subscriptions (id) on delete cascade,
    event_seq bigint not null,
    event_id text collate "C" not null,
    tenant_id text collate "C" not null,
    status text collate "C" not null check (status in ('retrying', 'failed')),
    attempts integer not null,
    next_attempt_at text collate "C",
    failed_at text collate "C" not null,
    last_status integer,
    last_error text collate "C",
    primary key (subscription_id, event_seq)
  )`,
  sql`create index webhook_deliveries_due on webhook_deliveries (subscription_id, status, next_attempt_at)`,

  sql`create table sessions (
    id text collate "C" primary key,
    secret_hash text collate "C" not null unique,
    created_at text collate "C" not null,
    expires_at text collate "C" not null,
    last_seen_at text collate "C" not null
  )`,
  sql`create index sessions_expires on sessions (expires_at)`,

  sql`create table tunnel_settings (
    id integer primary key check (id = 1),
    enabled integer not null default 0 check (enabled in (0, 1)),
    provider text collate "C" not null default 'localtunnel' check (provider in ('localtunnel', 'ngrok', 'cloudflared')),
    localtunnel_host text collate "C",
    subdomain text collate "C",
    ngrok_authtoken text collate "C",
    updated_at text collate "C" not null
  )`,

  sql`create table login_links (
    id text collate "C" primary key,
    secret_hash text collate "C" not null unique,
    created_at text collate "C" not null,
    expires_at text collate "C" not null
  )`,
  sql`create index login_links_expires on login_links (expires_at)`,

  // Each workspace's number of people and of deals (and how often it moved), kept by triggers in
  // the transaction of every insert and delete, cascades included.
  sql`create table record_counts (
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    kind text collate "C" not null check (kind in ('people', 'deals')),
    total integer not null check (total >= 0),
    changes integer not null default 0,
    primary key (tenant_id, kind)
  )`,
  sql`create function record_counts_insert() returns trigger language plpgsql as $$
    begin
      insert into record_counts (tenant_id, kind, total, changes)
      values (new.tenant_id, tg_argv[0], 1, 1)
      on conflict (tenant_id, kind) do update
        set total = record_counts.total + 1, changes = record_counts.changes + 1;
      return null;
    end $$`,
  sql`create function record_counts_delete() returns trigger language plpgsql as $$
    begin
      update record_counts set total = total - 1, changes = changes + 1
      where tenant_id = old.tenant_id and kind = tg_argv[0];
      return null;
    end $$`,
  sql`create trigger people_count_insert after insert on people
    for each row execute function record_counts_insert('people')`,
  sql`create trigger people_count_delete after delete on people
    for each row execute function record_counts_delete('people')`,
  sql`create trigger deals_count_insert after insert on deals
    for each row execute function record_counts_insert('deals')`,
  sql`create trigger deals_count_delete after delete on deals
    for each row execute function record_counts_delete('deals')`,

  sql`create table event_horizons (
    tenant_id text collate "C" primary key references workspaces(id) on delete cascade,
    pruned_through bigint not null
  )`,

  sql`create table database_identity (
    singleton integer primary key check (singleton = 1),
    id text collate "C" not null,
    file_id text collate "C",
    created_at text collate "C" not null,
    sealing_key_id text collate "C"
  )`,

  sql`create table activity_types (
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    key text collate "C" not null,
    name text collate "C" not null,
    created_at text collate "C" not null,
    primary key (tenant_id, key)
  )`,
  sql`create table activities (
    id text collate "C" primary key,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    type text collate "C" not null,
    subject text collate "C" not null,
    body text collate "C" not null default '',
    due_date text collate "C",
    due_time text collate "C",
    time_zone text collate "C",
    due_at text collate "C",
    duration_minutes integer,
    done integer not null default 0,
    done_at text collate "C",
    outcome text collate "C",
    priority text collate "C" not null default 'normal',
    assignee_id text collate "C" references users(id) on delete set null,
    deal_id text collate "C" references deals(id) on delete set null,
    company_id text collate "C" references companies(id) on delete set null,
    recurrence text collate "C",
    reminder_minutes integer,
    remind_at text collate "C",
    reminded_at text collate "C",
    created_at text collate "C" not null,
    updated_at text collate "C" not null
  )`,
  sql`create index activities_tenant_created on activities (tenant_id, created_at, id)`,
  sql`create index activities_open_due on activities (tenant_id, due_at) where done = 0`,
  sql`create index activities_deal on activities (deal_id, due_at) where deal_id is not null`,
  sql`create index activities_company on activities (company_id) where company_id is not null`,
  sql`create index activities_reminders on activities (remind_at)
    where remind_at is not null and reminded_at is null and done = 0`,
  sql`create table activity_people (
    activity_id text collate "C" not null references activities(id) on delete cascade,
    person_id text collate "C" not null references people(id) on delete cascade,
    primary key (activity_id, person_id)
  )`,
  sql`create index activity_people_person on activity_people (person_id)`,

  sql`create table notes (
    id text collate "C" primary key,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    body text collate "C" not null,
    author_id text collate "C" references users(id) on delete set null,
    pinned integer not null default 0,
    person_id text collate "C" references people(id) on delete cascade,
    deal_id text collate "C" references deals(id) on delete cascade,
    company_id text collate "C" references companies(id) on delete cascade,
    noted_at text collate "C" not null,
    created_at text collate "C" not null,
    updated_at text collate "C" not null,
    check (person_id is not null or deal_id is not null or company_id is not null)
  )`,
  sql`create index notes_tenant_created on notes (tenant_id, created_at, id)`,
  sql`create index notes_person on notes (person_id, noted_at) where person_id is not null`,
  sql`create index notes_deal on notes (deal_id, noted_at) where deal_id is not null`,
  sql`create index notes_company on notes (company_id, noted_at) where company_id is not null`,

  sql`create table saved_views (
    id text collate "C" primary key,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    resource text collate "C" not null check (resource in ('deals', 'people')),
    name text collate "C" not null,
    query text collate "C" not null,
    created_at text collate "C" not null,
    updated_at text collate "C" not null,
    unique (tenant_id, resource, name)
  )`,

  sql`create table idempotency_keys (
    scope text collate "C" not null,
    key text collate "C" not null,
    request_hash text collate "C" not null,
    state text collate "C" not null check (state in ('running', 'done')),
    status integer,
    headers text collate "C",
    body text collate "C",
    created_at text collate "C" not null,
    expires_at text collate "C" not null,
    primary key (scope, key)
  )`,
  sql`create index idempotency_keys_expiry on idempotency_keys (expires_at)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
