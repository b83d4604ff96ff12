import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row: the tunnel belongs to the machine, not to a workspace.
  await sql`create table tunnel_settings (
    id integer primary key check (id = 1),
    enabled integer not null default 0 check (enabled in (0, 1)),
    provider text not null default 'localtunnel' check (provider in ('localtunnel', 'ngrok', 'cloudflared')),
    localtunnel_host text,
    subdomain text,
    ngrok_authtoken text,
    updated_at text not null
  ) strict`.execute(db)
}
