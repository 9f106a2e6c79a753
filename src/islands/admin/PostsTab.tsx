/** Posts moderation needs Roam Share's posts; until they land the tab says so. */
export function PostsTab() {
  return (
    <div className="empty-state">
      <p>
        <strong>No posts to moderate yet.</strong>
      </p>
      <p>Reported and recent Roam Share posts will be listed here, with their reporters’ reasons, once Roam Share is open.</p>
    </div>
  )
}
