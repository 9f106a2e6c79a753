import { api } from '../session/api.ts'
import { Loading } from '../ui/Loading.tsx'
import { useLoad } from '../ui/use-load.ts'
import { ChangePasswordForm } from './ChangePasswordForm.tsx'
import { failureText } from '../ui/use-submit.ts'
import { FormMessage } from './FormMessage.tsx'
import styles from './account.module.css'

interface Profile {
  readonly name: string
  readonly email: string
  readonly gender: string
  readonly dob: string
  readonly phone: string | null
  readonly profile_picture: string | null
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

function formatDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`)
  return Number.isNaN(parsed.getTime()) ? date : parsed.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
}

/** Account info: the read-only account details and the Change Password form. */
export function AccountInfo() {
  const { data: profile, error } = useLoad(() => api<Profile>('/api/users/me', { auth: true }), [])

  if (error) return <FormMessage error={failureText(error, 'Internal server error, please try again later')} />
  if (!profile) return <Loading />

  const rows: Array<[string, string]> = [
    ['Full Name', profile.name],
    ['Email', profile.email],
    ['Gender', capitalised(profile.gender)],
    ['Date of Birth', formatDate(profile.dob)],
    ['Phone', profile.phone ?? 'Not provided'],
  ]
  return (
    <div className={`${styles.account} stack--lg stack`}>
      <section className="card" aria-labelledby="account-details">
        <div className={styles.identity}>
          {profile.profile_picture ? (
            <img className="avatar avatar--lg" src={profile.profile_picture} alt="Profile picture" width={72} height={72} />
          ) : (
            <span className="avatar avatar--lg avatar--initials" role="img" aria-label="No profile picture yet">
              {profile.name.trim().charAt(0).toUpperCase() || '?'}
            </span>
          )}
          <h2 id="account-details">Account details</h2>
        </div>
        <dl className={styles.details}>
          {rows.map(([label, value]) => (
            <div key={label} className={styles.detailRow}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card" aria-labelledby="change-password">
        <h2 id="change-password">Change Password</h2>
        <ChangePasswordForm />
      </section>
    </div>
  )
}
