-- Usernames claimed on Roam Share, lower-cased: taken in the same transaction as the UsernameSet event,
-- so two people can never end up with names that differ only in case, however close their requests.
CREATE TABLE username_claims (
  username_lower text PRIMARY KEY,
  user_id        uuid NOT NULL UNIQUE,
  claimed_at     timestamptz NOT NULL DEFAULT now()
);
