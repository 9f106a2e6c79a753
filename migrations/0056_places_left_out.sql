-- Why a place is left out of generated plans, when it is: not a sight ('library', 'club or team', ...:
-- sights/not-a-sight.ts) or no name a traveller can read ('no readable name'). Set by the sight grouping
-- with its other fields; search still finds such places.
ALTER TABLE attractions ADD COLUMN left_out text;
