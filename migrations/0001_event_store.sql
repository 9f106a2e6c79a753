CREATE TABLE event_streams (
  stream_id   text PRIMARY KEY,
  stream_type text NOT NULL,
  version     integer NOT NULL CHECK (version >= 0)
);

CREATE TABLE events (
  global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  stream_id       text NOT NULL REFERENCES event_streams (stream_id) ON DELETE CASCADE,
  stream_version  integer NOT NULL,
  type            text NOT NULL,
  data            jsonb NOT NULL,
  metadata        jsonb NOT NULL DEFAULT '{}',
  occurred_at     timestamptz NOT NULL DEFAULT now(),
  transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
  UNIQUE (stream_id, stream_version)
);
CREATE INDEX events_transaction_order ON events (transaction_id, global_position);
CREATE INDEX events_type ON events (type);

-- Where each async projector has got to in the (transaction_id, global_position) order of the log.
CREATE TABLE projection_checkpoints (
  name            text PRIMARY KEY,
  transaction_id  xid8 NOT NULL DEFAULT '0',
  global_position bigint NOT NULL DEFAULT 0,
  updated_at      timestamptz NOT NULL DEFAULT now()
);
