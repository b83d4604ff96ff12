import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// Issue 16: people sign in with their own account and hold a role in each workspace they belong
// to; tokens remember which account made them; management changes are written to an audit log.
const statements = [
  // A person's sign-in identity. The e-mail is kept lower-cased, so it is unique as typed in any
  // case. password_hash is `scrypt$N$r$p$salt$hash` (base64url), null for link-only accounts.
  sql`create table accounts (
    id text primary key,
    email text not null unique,
    name text not null,
    password_hash text,
    created_at text not null,
    updated_at text not null
  ) strict`,
  // An account's role in one workspace, and the workspace user it acts as (so timelines name it);
  // the user row may be deleted, the membership then acts unnamed.
  sql`create table memberships (
    account_id text not null references accounts(id) on delete cascade,
    tenant_id text not null references workspaces(id) on delete cascade,
    role text not null check (role in ('owner', 'admin', 'member', 'read-only')),
    user_id text references users(id) on delete set null,
    created_at text not null,
    updated_at text not null,
    primary key (account_id, tenant_id)
  ) strict`,
  sql`create index memberships_tenant on memberships (tenant_id, created_at, account_id)`,
  // Null: the machine's owner (the desktop window, a login link minted without --user).
  sql`alter table sessions add column account_id text references accounts(id) on delete cascade`,
  sql`alter table login_links add column account_id text references accounts(id) on delete cascade`,
  // Null: made by the CLI or the machine's owner, with the rights of its scope alone.
  sql`alter table api_tokens add column created_by_account_id text references accounts(id)`,
  // Who changed what in a workspace's settings. summary is JSON of the fields sent, never a secret.
  sql`create table audit_log (
    id text primary key,
    tenant_id text not null references workspaces(id) on delete cascade,
    at text not null,
    actor_kind text not null check (actor_kind in ('account', 'token', 'owner')),
    actor_id text,
    actor_name text not null,
    action text not null,
    target_type text not null,
    target_id text,
    summary text not null
  ) strict`,
  sql`create index audit_log_tenant_at on audit_log (tenant_id, at, id)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
