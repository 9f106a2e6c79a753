-- User search reads the usernames nearest to the text by trigram distance (ORDER BY username_lower <-> q):
-- a GiST trigram index hands them out nearest first, so a near-miss query reads ten rows instead of
-- ranking every similar name. A fresh install's read model gets it from its DDL (roam-share/projections.ts);
-- this adds it to an existing one, when pg_trgm is installed. bench:feed (20,000 users, 5,000 posts, on a
-- shared machine at load ~20): user search 34 -> 10 CPU ms a request, p95 2843 -> 880 ms (the feed's first
-- page in the same runs: p95 575 and 919 ms).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')
    AND to_regclass('rs_profiles') IS NOT NULL
    AND to_regclass('rs_profiles_username_trgm_gist') IS NULL THEN
    EXECUTE 'CREATE INDEX rs_profiles_username_trgm_gist ON rs_profiles USING gist (username_lower gist_trgm_ops)';
  END IF;
END
$$;
