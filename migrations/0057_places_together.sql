-- Places planned on the same day as a place (famous-sights part_of / with links, as the sights' ids): a
-- sight inside another (the Imperial Treasury in the Hofburg), one seen on the same outing (Ellis Island with
-- the Statue of Liberty).
ALTER TABLE attractions ADD COLUMN together text[];
