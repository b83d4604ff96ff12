import type { ContentfulStatusCode } from 'hono/utils/http-status'

/**
 * Every error code the server answers with, and its one status. A new code is added here, and to
 * the table in docs/decisions.md ("Errors"); `ApiError` takes only these, so a code cannot drift
 * to a second status.
 */
export const errorStatuses = {
  /** The request's shape is wrong: a value missing, of the wrong type, out of range, unknown. */
  invalid_request: 400,
  malformed_json: 400,
  malformed_form: 400,
  /** A request Hono itself refused before our code read it. */
  malformed_request: 400,
  workspace_required: 400,
  unauthorized: 401,
  forbidden: 403,
  forbidden_host: 403,
  webhook_disabled: 403,
  not_found: 404,
  method_not_allowed: 405,
  /** A request body that stopped arriving (http/read-body.ts), or headers that never ended. */
  request_timeout: 408,
  conflict: 409,
  /** A pipeline, stage or lost reason deals still use (`details.dealCount`, `details.resource`). */
  in_use: 409,
  webhook_revoked: 409,
  not_replayable: 409,
  /** An Idempotency-Key whose first request is still running after the wait (idempotency/). */
  idempotency_key_in_use: 409,
  /** A change-feed cursor that does not fit this database: restored, replaced or copied. */
  cursor_invalidated: 409,
  sync_gap: 409,
  server_too_old: 409,
  /** A stored credential sealed under a key this folder no longer has (sealing/). */
  secret_unreadable: 409,
  /** A change-feed cursor from before events were pruned (events/retention). */
  cursor_expired: 410,
  resnapshot_required: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** Headers (or a URL) past Node's 16 KiB, refused by its parser. */
  headers_too_large: 431,
  /** Well-formed, but a value fails a rule once read (the contract's inbound 422). */
  validation_error: 422,
  invalid_reference: 422,
  /** An Idempotency-Key sent again with another method, path or body. */
  idempotency_key_reused: 422,
  /** A backup that fails its check (backups/take-backup.ts verifyBackup): not restored. */
  backup_damaged: 422,
  /** A restore of a backup a newer version of Outpost made (backups/restore.ts). */
  backup_from_newer_version: 422,
  stage_not_in_pipeline: 422,
  lost_reason_required: 422,
  lost_reason_not_applicable: 422,
  currency_not_enabled: 422,
  invalid_stage_order: 422,
  tunnel_unavailable: 422,
  upgrade_required: 426,
  rate_limited: 429,
  internal: 500,
  loop_detected: 508,
} as const satisfies Record<string, ContentfulStatusCode>

export type ErrorCode = keyof typeof errorStatuses
