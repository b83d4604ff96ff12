import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

const statements = [
  // A token's own rate limit; null follows its workspace's.
  sql`alter table api_tokens add column rate_limit_per_minute integer
    check (rate_limit_per_minute between 1 and 1000000)`,
  // Where a workspace's dates fall: null is the machine's own zone. Reminders of activities with a
  // time default to reminder_minutes before; date-only ones come in the morning digest at digest_time.
  sql`alter table workspaces add column time_zone text`,
  sql`alter table workspaces add column reminder_minutes integer not null default 15
    check (reminder_minutes between 0 and 40320)`,
  sql`alter table workspaces add column digest_time text not null default '08:00'`,
  // Types a workspace adds to the built-in call, meeting, email, task and deadline.
  sql`create table activity_types (
    tenant_id text not null references workspaces(id) on delete cascade,
    key text not null,
    name text not null,
    created_at text not null,
    primary key (tenant_id, key)
  ) strict, without rowid`,
  sql`create table activities (
    id text primary key,
    tenant_id text not null references workspaces(id) on delete cascade,
    type text not null,
    subject text not null,
    body text not null default '',
    due_date text,
    due_time text,
    time_zone text,
    due_at text,
    duration_minutes integer,
    done integer not null default 0,
    done_at text,
    outcome text,
    priority text not null default 'normal',
    assignee_id text references users(id) on delete set null,
    deal_id text references deals(id) on delete set null,
    company_id text references companies(id) on delete set null,
    recurrence text,
    reminder_minutes integer,
    remind_at text,
    reminded_at text,
    created_at text not null,
    updated_at text not null
  ) strict`,
  sql`create index activities_tenant_created on activities (tenant_id, created_at, id)`,
  // My work and the board's next-activity colour: open activities by due time.
  sql`create index activities_open_due on activities (tenant_id, due_at) where done = 0`,
  sql`create index activities_deal on activities (deal_id, due_at) where deal_id is not null`,
  sql`create index activities_company on activities (company_id) where company_id is not null`,
  // The reminder scheduler's one question: which reminders have come due and not yet fired.
  sql`create index activities_reminders on activities (remind_at)
    where remind_at is not null and reminded_at is null and done = 0`,
  sql`create table activity_people (
    activity_id text not null references activities(id) on delete cascade,
    person_id text not null references people(id) on delete cascade,
    primary key (activity_id, person_id)
  ) strict, without rowid`,
  sql`create index activity_people_person on activity_people (person_id)`,
  // A note belongs to the record it was written on (a person, a deal or a company) and goes with
  // it; company_id is also filled in from that person or deal, so the company's timeline shows it.
  sql`create table notes (
    id text primary key,
    tenant_id text not null references workspaces(id) on delete cascade,
    body text not null,
    author_id text references users(id) on delete set null,
    pinned integer not null default 0,
    person_id text references people(id) on delete cascade,
    deal_id text references deals(id) on delete cascade,
    company_id text references companies(id) on delete cascade,
    noted_at text not null,
    created_at text not null,
    updated_at text not null,
    check (person_id is not null or deal_id is not null or company_id is not null)
  ) strict`,
  sql`create index notes_tenant_created on notes (tenant_id, created_at, id)`,
  sql`create index notes_person on notes (person_id, noted_at) where person_id is not null`,
  sql`create index notes_deal on notes (deal_id, noted_at) where deal_id is not null`,
  sql`create index notes_company on notes (company_id, noted_at) where company_id is not null`,
  // The forecast: each stage's chance of winning (null: its type's, won 100, lost 0, open 0), a
  // deal's own chance when it differs, and the days an open deal may sit in a stage before it rots.
  sql`alter table stages add column probability integer check (probability between 0 and 100)`,
  sql`alter table stages add column rotting_days integer check (rotting_days between 1 and 3650)`,
  sql`alter table deals add column probability integer check (probability between 0 and 100)`,
  // Who or what made a change (a token by name, an inbound webhook, an import, the UI), as JSON,
  // for the timeline; null for changes made before it was recorded.
  sql`alter table events add column actor text`,
  // Saved views of the deals and people lists, shared in the workspace.
  sql`create table saved_views (
    id text primary key,
    tenant_id text not null references workspaces(id) on delete cascade,
    resource text not null check (resource in ('deals', 'people')),
    name text not null,
    query text not null,
    created_at text not null,
    updated_at text not null,
    unique (tenant_id, resource, name)
  ) strict`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
