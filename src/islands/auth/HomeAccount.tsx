import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { $loggedIn, $sessionStatus, $user, initSession } from '../session/store.ts'
import { buttonClass } from '../ui/Button.tsx'
import styles from './home-account.module.css'

/** Home: Log in / Sign up when logged out, a welcome line with the user's name when logged in. */
export function HomeAccount() {
  const status = useStore($sessionStatus)
  const loggedIn = useStore($loggedIn)
  const user = useStore($user)
  useEffect(() => void initSession(), [])

  if (status === 'checking') return <p className={styles.line} aria-hidden="true" />
  if (loggedIn && user) return <p className={`${styles.line} ${styles.welcome}`}>Welcome back, {user.name}!</p>
  return (
    <p className={styles.line}>
      <a className={buttonClass({ variant: 'secondary' })} href="/login">
        Log in
      </a>
      <a className={buttonClass({ variant: 'primary' })} href="/signup">
        Sign up
      </a>
    </p>
  )
}
