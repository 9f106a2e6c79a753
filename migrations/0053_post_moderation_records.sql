-- Moderation of Roam Share posts gets a record of its own, `moderation-post-<postId>` (`PostModerated`, ids
-- only), which deleting the author does not purge: the post's own stream goes with its author, and with it
-- went what moderators had done to the post. Each report clearance and removal already in the log is copied
-- into its post's record (same time and metadata); a removal's reason becomes a moderation note, as an
-- admin's words about a person are kept everywhere else.
CREATE TEMPORARY TABLE moderated_posts ON COMMIT DROP AS
SELECT
  data->>'postId' AS post_id,
  data->>'authorId' AS author_id,
  metadata->>'actorId' AS moderator_id,
  CASE type WHEN 'PostReportCleared' THEN 'clear_report' ELSE 'remove_post' END AS action,
  CASE
    WHEN type = 'PostRemovedByModerator' AND coalesce(btrim(data->>'reason'), '') <> '' AND metadata->>'actorId' IS NOT NULL
    THEN gen_random_uuid()
  END AS note_id,
  data->>'reason' AS reason,
  metadata,
  occurred_at,
  global_position,
  row_number() OVER (PARTITION BY data->>'postId' ORDER BY global_position) AS version
FROM events
WHERE type IN ('PostReportCleared', 'PostRemovedByModerator');

INSERT INTO event_streams (stream_id, stream_type, version)
SELECT 'moderation-post-' || post_id, 'post-moderation', count(*)
FROM moderated_posts
GROUP BY post_id;

INSERT INTO events (stream_id, stream_version, type, data, metadata, occurred_at)
SELECT
  'moderation-post-' || post_id,
  version,
  'PostModerated',
  jsonb_build_object('postId', post_id, 'authorId', author_id, 'moderatorId', moderator_id, 'action', action)
    || CASE WHEN note_id IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('noteId', note_id) END,
  metadata,
  occurred_at
FROM moderated_posts
ORDER BY global_position;

INSERT INTO moderation_notes (id, subject_id, author_id, text, created_at)
SELECT note_id, author_id::uuid, moderator_id::uuid, btrim(reason), occurred_at
FROM moderated_posts
WHERE note_id IS NOT NULL;

-- The Activity tab's read model now reads the records: it is rebuilt from the log on the next start.
DROP TABLE IF EXISTS moderation_history;
