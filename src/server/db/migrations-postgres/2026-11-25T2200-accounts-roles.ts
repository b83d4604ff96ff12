import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// SQLite's 2026-11-25T1930-accounts-roles in PostgreSQL's terms (issue 16): accounts that sign in,
// their role in each workspace, which account made a token, and the audit log.
const statements = [
  // The e-mail is kept lower-cased by the application, so unique as typed in any case.
  sql`create table accounts (
    id text collate "C" primary key,
    email text collate "C" not null unique,
    name text collate "C" not null,
    password_hash text collate "C",
    created_at text collate "C" not null,
    updated_at text collate "C" not null
  )`,
  sql`create table memberships (
    account_id text collate "C" not null references accounts(id) on delete cascade,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    role text collate "C" not null check (role in ('owner', 'admin', 'member', 'read-only')),
    user_id text collate "C" references users(id) on delete set null,
    created_at text collate "C" not null,
    updated_at text collate "C" not null,
    primary key (account_id, tenant_id)
  )`,
  sql`create index memberships_tenant on memberships (tenant_id, created_at, account_id)`,
  sql`create index memberships_user on memberships (user_id) where user_id is not null`,
  sql`alter table sessions add column account_id text collate "C"
    references accounts(id) on delete cascade`,
  sql`create index sessions_account on sessions (account_id) where account_id is not null`,
  sql`alter table login_links add column account_id text collate "C"
    references accounts(id) on delete cascade`,
  sql`create index login_links_account on login_links (account_id) where account_id is not null`,
  sql`alter table api_tokens add column created_by_account_id text collate "C"
    references accounts(id)`,
  sql`create index api_tokens_created_by on api_tokens (created_by_account_id)
    where created_by_account_id is not null`,
  sql`create table audit_log (
    id text collate "C" primary key,
    tenant_id text collate "C" not null references workspaces(id) on delete cascade,
    at text collate "C" not null,
    actor_kind text collate "C" not null check (actor_kind in ('account', 'token', 'owner')),
    actor_id text collate "C",
    actor_name text collate "C" not null,
    action text collate "C" not null,
    target_type text collate "C" not null,
    target_id text collate "C",
    summary text collate "C" not null
  )`,
  sql`create index audit_log_tenant_at on audit_log (tenant_id, at, id)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
