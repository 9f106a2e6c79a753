import { MESSAGES } from '../../modules/roam-share/rules.ts'

/** What Roam Share shows a user without a username (spec §2), with the way to the Profile page. */
export function UsernameNotice({ linkText }: { linkText: string }) {
  return (
    <div className="empty-state stack">
      <p>{MESSAGES.usernameRequired}</p>
      <p>
        <a className="btn btn--primary" href="/profile">
          {linkText}
        </a>
      </p>
    </div>
  )
}
