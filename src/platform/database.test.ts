import { sql } from 'kysely'
import { describe, expect, inject, it } from 'vitest'
import { freshDatabase } from '../../test/database.ts'
import { databaseUrl } from './database.ts'

const database = await freshDatabase()

describe('the database connection', () => {
  it('reaches the embedded server over its Unix socket', () => {
    const url = new URL(inject('databaseServerUrl'))
    expect(url.searchParams.get('host')).toMatch(/^\/.*\/postgres$/)
    expect(new URL(databaseUrl(url.toString(), 'other')).pathname).toBe('/other')
    expect(new URL(databaseUrl(url.toString(), 'other')).searchParams.get('host')).toBe(url.searchParams.get('host'))
  })

  it('prepares a statement the app repeats, once per connection, and leaves one-off statements unprepared', async () => {
    const prepared = await database.db.connection().execute(async (connection) => {
      for (let i = 0; i < 5; i++) await sql`SELECT ${i}::int + 1 AS repeated`.execute(connection)
      await sql`SELECT ${1}::int + 2 AS once`.execute(connection)
      return (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(connection)).rows.map((row) => row.statement)
    })
    expect(prepared.filter((statement) => statement.includes('AS repeated'))).toHaveLength(1)
    expect(prepared.some((statement) => statement.includes('AS once'))).toBe(false)
  })
})
