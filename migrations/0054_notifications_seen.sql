-- How far each account has read its notifications (the newest notification id shown on its Notifications
-- page): the bell counts what came after, the same on every device. Kept outside the notifications read
-- model, which a rebuild replaces; notification ids are log positions, so they survive a rebuild.
CREATE TABLE notifications_seen (
  user_id    uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  seen_up_to bigint NOT NULL
);
