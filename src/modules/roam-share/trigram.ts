/**
 * DDL for a trigram index when pg_trgm is installed (it ships with the embedded server and most
 * managed PostgreSQL; migration 0003 installs it); without it, searches still work, by a scan.
 * GIN finds the rows containing a text; GiST also hands them out nearest first (`ORDER BY x <-> text`).
 */
export const trigramIndex = (schema: string, name: string, table: string, expression: string, method: 'gin' | 'gist' = 'gin') => `
  DO $$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
      EXECUTE 'CREATE INDEX ${name} ON "${schema}".${table} USING ${method} ((${expression}) ${method}_trgm_ops)';
    END IF;
  END $$;`
