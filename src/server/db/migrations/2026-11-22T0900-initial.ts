import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

const statements = [
  sql`create table workspaces (
    id text primary key,
    name text not null unique,
    rate_limit_per_minute integer not null default 300 check (rate_limit_per_minute > 0),
    created_at text not null,
    updated_at text not null
  ) strict`,

  sql`create table users (
    id text primary key,
    tenant_id text not null references workspaces(id) on delete cascade,
    name text not null,
    email text,
    created_at text not null,
    updated_at text not null
  ) strict`,
  sql`create index users_tenant_created on users (tenant_id, created_at, id)`,
  sql`create unique index users_tenant_email on users (tenant_id, email) where email is not null`,

  sql`create table companies (
    id text primary key,
    tenant_id text not null references workspaces(id) on delete cascade,
    name text not null,
    domain text,
    created_at text not null,
    updated_at text not null
  ) strict`,
  sql`create index companies_tenant_created on companies (tenant_id, created_at, id)`,
  sql`create unique index companies_tenant_domain on companies (tenant_id, domain) where domain is not null`,

  sql`create table pipelines (
    id text primary key,
    tenant_id text not null references workspaces(id) on delete cascade,
    name text not null,
    position integer not null,
    created_at text not null,
    updated_at text not null
  ) strict`,
  sql`create index pipelines_tenant_position on pipelines (tenant_id, position)`,

  sql`create table stages (
    id text primary key,
    tenant_id text not null references workspaces(id) on delete cascade,
    pipeline_id text not null references pipelines(id) on delete cascade,
    name text not null,
    type text not null check (type in ('open', 'won', 'lost')),
    position integer not null,
    created_at text not null,
    updated_at text not null
  ) strict`,
  // Lets deals reference (pipeline, stage) as a pair, so a deal can never sit in another pipeline's stage.
  sql`create unique index stages_pipeline_id on stages (pipeline_id, id)`,
  sql`create index stages_pipeline_position on stages (pipeline_id, position)`,

  sql`create table lost_reasons (
    id text primary key,
    tenant_id text not null references workspaces(id) on delete cascade,
    name text not null,
    created_at text not null,
    updated_at text not null
  ) strict`,
  sql`create index lost_reasons_tenant_created on lost_reasons (tenant_id, created_at, id)`,

  sql`create table workspace_currencies (
    tenant_id text not null references workspaces(id) on delete cascade,
    code text not null check (length(code) = 3),
    created_at text not null,
    primary key (tenant_id, code)
  ) strict, without rowid`,

  sql`create table people (
    id text primary key,
    tenant_id text not null references workspaces(id) on delete cascade,
    full_name text not null,
    primary_email text,
    primary_phone text,
    company_id text references companies(id) on delete set null,
    owner_id text references users(id) on delete set null,
    lifecycle_stage text check (lifecycle_stage in
      ('lead', 'marketing_qualified', 'sales_qualified', 'opportunity', 'customer', 'evangelist')),
    lead_source text,
    custom_fields text not null default '{}',
    created_at text not null,
    updated_at text not null
  ) strict`,
  sql`create index people_tenant_created on people (tenant_id, created_at, id)`,
  sql`create unique index people_tenant_email on people (tenant_id, primary_email) where primary_email is not null`,
  sql`create index people_company on people (company_id) where company_id is not null`,
  sql`create index people_owner on people (owner_id) where owner_id is not null`,

  sql`create table person_tags (
    tenant_id text not null,
    person_id text not null references people(id) on delete cascade,
    tag text not null collate nocase,
    position integer not null,
    primary key (person_id, tag)
  ) strict, without rowid`,
  sql`create index person_tags_tenant_tag on person_tags (tenant_id, tag)`,

  sql`create table deals (
    id text primary key,
    tenant_id text not null references workspaces(id) on delete cascade,
    title text not null,
    value real not null,
    currency text not null,
    pipeline_id text not null references pipelines(id),
    stage_id text not null,
    owner_id text references users(id) on delete set null,
    expected_close_date text,
    primary_person_id text references people(id) on delete set null,
    primary_company_id text references companies(id) on delete set null,
    lost_reason_id text references lost_reasons(id),
    closed_at text,
    custom_fields text not null default '{}',
    created_at text not null,
    updated_at text not null,
    foreign key (pipeline_id, stage_id) references stages(pipeline_id, id)
  ) strict`,
  sql`create index deals_tenant_created on deals (tenant_id, created_at, id)`,
  sql`create index deals_stage on deals (pipeline_id, stage_id)`,
  sql`create index deals_person on deals (primary_person_id) where primary_person_id is not null`,
  sql`create index deals_company on deals (primary_company_id) where primary_company_id is not null`,
  sql`create index deals_owner on deals (owner_id) where owner_id is not null`,
  sql`create index deals_lost_reason on deals (lost_reason_id) where lost_reason_id is not null`,

  sql`create table deal_tags (
    tenant_id text not null,
    deal_id text not null references deals(id) on delete cascade,
    tag text not null collate nocase,
    position integer not null,
    primary key (deal_id, tag)
  ) strict, without rowid`,
  sql`create index deal_tags_tenant_tag on deal_tags (tenant_id, tag)`,

  sql`create table api_tokens (
    id text primary key,
    tenant_id text not null references workspaces(id) on delete cascade,
    name text not null,
    scope text not null check (scope in ('api', 'admin')),
    token_hash text not null unique,
    token_prefix text not null,
    created_at text not null,
    last_used_at text,
    revoked_at text
  ) strict`,
  sql`create index api_tokens_tenant_created on api_tokens (tenant_id, created_at, id)`,

  sql`create table events (
    seq integer primary key autoincrement,
    id text not null unique,
    tenant_id text not null references workspaces(id) on delete cascade,
    type text not null,
    resource_type text not null,
    resource_id text not null,
    payload text not null,
    created_at text not null
  ) strict`,
  sql`create index events_tenant_seq on events (tenant_id, seq)`,
  sql`create index events_resource on events (resource_id, seq)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
