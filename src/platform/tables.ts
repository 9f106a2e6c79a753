import type { ColumnType, Generated } from 'kysely'

/**
 * Row types of every table the app reads with kysely. Modules add their own tables by declaration
 * merging (`declare module '.../platform/tables.ts' { interface Tables { ... } }`).
 */
export interface Tables {
  event_streams: {
    stream_id: string
    stream_type: string
    version: number
  }
  events: {
    global_position: Generated<number>
    stream_id: string
    stream_version: number
    type: string
    data: ColumnType<unknown, string, string>
    metadata: ColumnType<unknown, string, string>
    occurred_at: Generated<Date>
    transaction_id: Generated<string>
  }
  /** rate-limiter-flexible's counters (platform/rate-limits.ts). */
  rate_limits: {
    key: string
    points: number
    expire: number | null
  }
  /** A stream's folded state at a version (events/snapshots.ts). */
  stream_snapshots: {
    stream_id: string
    version: number
    rules: string
    state: ColumnType<unknown, string, string>
  }
  projection_checkpoints: {
    name: string
    transaction_id: string
    global_position: number
    updated_at: Generated<Date>
  }
}
