/**
 * DDL for a trigram index when pg_trgm is installed (it ships with the embedded server and most
 * managed PostgreSQL; migration 0003 installs it); without it, searches still work, by a scan.
 */
export const trigramIndex = (schema: string, name: string, table: string, expression: string) => `
  DO $$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
      EXECUTE 'CREATE INDEX ${name} ON "${schema}".${table} USING gin ((${expression}) gin_trgm_ops)';
    END IF;
  END $$;`
