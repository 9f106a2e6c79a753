-- One sight, one place (src/modules/places/sight-groups.ts). Catalog rows stay as imported; rows that are
-- the same sight as a more popular row point to it with merged_into and are not shown. The row that is the
-- place carries the name to show, every other name of the sight as an alias (search_text holds them all,
-- folded) and the popularity it ranks by. Rows not grouped yet (NULL shown_name) show their own name.
ALTER TABLE attractions
  ADD COLUMN merged_into text,
  ADD COLUMN shown_name  text,
  ADD COLUMN aliases     text[] NOT NULL DEFAULT '{}',
  ADD COLUMN rank        real CHECK (rank BETWEEN 0 AND 1);
CREATE INDEX attractions_city_places ON attractions (city_id) WHERE merged_into IS NULL;

-- Small facts about the places data, e.g. which version of the grouping rules the rows were grouped with.
CREATE TABLE places_state (
  key        text PRIMARY KEY,
  value      text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
