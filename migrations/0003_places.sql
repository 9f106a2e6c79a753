-- Attractions of the offline catalog (places:import; schema of the catalog's README). One row per place,
-- upserted by id, so a re-import updates in place.
CREATE TABLE attractions (
  id            text PRIMARY KEY,
  name          text NOT NULL,
  names         jsonb NOT NULL DEFAULT '{}',
  name_latin    text,
  address       text,
  city          text NOT NULL,
  city_id       text NOT NULL,
  country       text NOT NULL,
  region        text,
  latitude      double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude     double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  kind          text NOT NULL,
  themes        text[] NOT NULL,
  popularity    real NOT NULL CHECK (popularity BETWEEN 0 AND 1),
  unesco        boolean NOT NULL DEFAULT false,
  visit_minutes integer NOT NULL CHECK (visit_minutes > 0),
  -- Minutes from midnight; closes_at 1440 = until midnight (the catalog's 23:59).
  opens_at      smallint NOT NULL CHECK (opens_at BETWEEN 0 AND 1439),
  closes_at     smallint NOT NULL CHECK (closes_at BETWEEN 1 AND 1440 AND closes_at > opens_at),
  closes_late   boolean NOT NULL DEFAULT false,
  source        text NOT NULL,
  license       text NOT NULL,
  editions      text[],
  -- Folded (lower-case, accents stripped) name and language variants, one per line: what search matches.
  search_text   text NOT NULL,
  imported_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX attractions_city_popularity ON attractions (city_id, popularity DESC);
CREATE INDEX attractions_latitude ON attractions (latitude);
CREATE INDEX attractions_source ON attractions (source);

-- Substring search on names: a trigram index when pg_trgm can be installed (it ships with the embedded
-- server and most managed PostgreSQL); without it the search still works, by a scan.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%); attraction search will scan', SQLERRM;
END
$$;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX attractions_search_trgm ON attractions USING gin (search_text gin_trgm_ops)';
  END IF;
END
$$;

-- Responses of the Google Places API (New), keyed by a hash of endpoint, field mask and request body.
CREATE TABLE places_api_cache (
  key        text PRIMARY KEY,
  endpoint   text NOT NULL,
  response   jsonb NOT NULL,
  fetched_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX places_api_cache_fetched_at ON places_api_cache (fetched_at);
