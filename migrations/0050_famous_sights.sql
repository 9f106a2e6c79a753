-- The famous-sights supplement (src/modules/places/famous-sights.ts): a reviewed record names the catalog
-- records that are the same sight (same_as), and a place may say on which weekdays it is closed.
ALTER TABLE attractions
  ADD COLUMN same_as     text[],
  ADD COLUMN closed_days text[];
