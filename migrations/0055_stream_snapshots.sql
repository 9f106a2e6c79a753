-- A stream's state at a version, kept by handleCommand every few events for deciders that ask for it, so a
-- command on a long stream reads only the events after it. A cache: any row may be deleted, and a snapshot
-- written under other rules (`rules`) is ignored. It goes with its stream.
CREATE TABLE stream_snapshots (
  stream_id text PRIMARY KEY REFERENCES event_streams (stream_id) ON DELETE CASCADE,
  version   integer NOT NULL,
  rules     text NOT NULL,
  state     jsonb NOT NULL
);
