-- What admins write when they warn, block, unblock or delete a user: free text about a person stays out of
-- the event log (DESIGN §4); moderation events carry the note's id.
CREATE TABLE moderation_notes (
  id         uuid PRIMARY KEY,
  subject_id uuid NOT NULL,
  author_id  uuid NOT NULL,
  text       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX moderation_notes_subject ON moderation_notes (subject_id, created_at);

-- The admin user search matches e-mails by substring: a trigram index when pg_trgm is installed (0003
-- installs it where it can); without it the search still works, by a scan.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX users_email_trgm ON users USING gin (email gin_trgm_ops)';
  END IF;
END
$$;

-- The admin user search lists accounts newest first: walking this index, it stops at a full page.
CREATE INDEX users_created_at ON users (created_at DESC, id);
