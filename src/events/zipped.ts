import { sql, type Kysely } from 'kysely'

/**
 * Arrays zipped into a derived table `t`, one row per index: a projection's batch of rows in one
 * statement. It names no table, so a rebuild's `withSchema` still sends the statement's tables to its
 * scratch schema (a table named in raw SQL would not follow).
 */
export const zipped = (db: Kysely<any>, columns: Record<string, { values: readonly unknown[]; type: string }>) =>
  db.selectNoFrom(Object.entries(columns).map(([name, { values, type }]) => sql`unnest(${values}::${sql.raw(type)}[])`.as(name))).as('t')

/**
 * Locks a batch's rows in key order before a projection updates them (give it keys sorted the same way
 * across chunks). Group commit puts many requests in one transaction; two such transactions that touch
 * the same hot rows (a post's like count, a profile's follower count) then wait for each other instead
 * of deadlocking.
 */
export const lockInKeyOrder = (db: Kysely<any>, table: string, key: string, keys: readonly string[]) =>
  db.selectFrom(table).select(key).where(key, 'in', keys).orderBy(key).forUpdate().execute()
